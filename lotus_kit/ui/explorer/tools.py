"""The explorer's tools: board export, position codes and share links, set up from here (the game's
position editor), advice (the game's advisor)."""

from __future__ import annotations

import logging
import time
from html import escape
from typing import Any

import ipywidgets as widgets

from lotus_kit.core.errors import LotusKitError
from lotus_kit.ui.phases.text import box

log = logging.getLogger("lotus_kit.ui.explorer")


class Tools:
    """A part of :class:`~lotus_kit.ui.explorer.Explorer` (a mixin; see the module docstring)."""

    # -- tools: export, position code, set up from here ------------------------------------------------
    def _build_tools(self, label: dict) -> widgets.VBox:
        self.png_button = widgets.Button(description="PNG", icon="download", layout=widgets.Layout(width="80px"),
                                         tooltip="Download the board shown as a PNG image")
        self.svg_button = widgets.Button(description="SVG", icon="download", layout=widgets.Layout(width="80px"),
                                         tooltip="Download the board shown as an SVG drawing")
        self.png_button.on_click(lambda _b: self.export_board("png"))
        self.svg_button.on_click(lambda _b: self.export_board("svg"))
        self.export_message = widgets.HTML()
        self.code_text = widgets.Text(value="", placeholder="the code of the step shown", style=label,
                                      description="Position code", layout=widgets.Layout(width="100%"))
        self.copy_button = widgets.Button(description="Copy code", icon="copy", layout=widgets.Layout(width="110px"),
                                          tooltip="Copy the position code of the step shown")
        self.copy_button.on_click(lambda _b: self.copy_code())
        self.link_button = widgets.Button(description="Copy link", icon="link", layout=widgets.Layout(width="110px"),
                                          tooltip="Copy a link to this page that opens the step shown")
        self.link_button.on_click(lambda _b: self.copy_code(link=True))
        self.code_input = widgets.Text(value="", placeholder="paste a position code or a share link", style=label,
                                       description="Open", layout=widgets.Layout(flex="1 1 auto"))
        self.open_code_button = widgets.Button(description="Open", icon="folder-open",
                                               layout=widgets.Layout(width="90px"))
        self.open_code_button.on_click(lambda _b: self.open_code(self.code_input.value))
        self.code_message = widgets.HTML()
        self.editor_tool = self.look.editor_tool(self.game)
        self.setup_button = widgets.Button(description="Set up from here", icon="pencil",
                                           layout=widgets.Layout(width="170px"),
                                           tooltip="Open the position editor with the position of the step shown")
        self.setup_button.on_click(lambda _b: self.set_up_from_here())
        self.setup_area = widgets.VBox(layout=widgets.Layout(width="100%"))
        row = widgets.Layout(align_items="center", flex_flow="row wrap", width="100%")
        self._code_rows = [widgets.HBox([self.code_text, self.copy_button, self.link_button], layout=row),
                           widgets.HBox([self.code_input, self.open_code_button], layout=row), self.code_message]
        return widgets.VBox([
            widgets.HBox([widgets.HTML("<b>Board:</b>&nbsp;"), self.png_button, self.svg_button, self.setup_button,
                          self.export_message], layout=row),
            *self._code_rows,
        ], layout=widgets.Layout(width="100%", max_width="720px"))

    def export_board(self, fmt: str = "png") -> bytes | None:
        """The board shown as PNG or SVG bytes (rendered by kaleido in the kernel), also handed to the
        browser as a download; None, with the reason shown, when it cannot be made."""
        from lotus_kit.views.export import ExportError, to_image

        if fmt not in ("png", "svg"):
            self.export_message.value = box(escape(f"The board is exported as png or svg, not {fmt!r}."), "error")
            return None
        name = f"{self.game.name.replace('_', '-')}-line{self.node.number}-step{self.step}.{fmt}"
        t0 = time.perf_counter()
        try:
            data = to_image(self.board.figure, format=fmt)
        except ExportError as exc:
            self.export_message.value = box(escape(f"No {fmt.upper()}: {exc}"), "error")
            return None
        self.timings["export_ms"] = (time.perf_counter() - t0) * 1000
        self.moves.download(name, "image/png" if fmt == "png" else "image/svg+xml", data)
        self.export_message.value = box(escape(f"{name} ({len(data) // 1024 + 1} KB) sent to the browser."), "ok")
        return data

    def code(self) -> str:
        """The position code of the step shown (the game screen's ``position_code``; White Lotus:
        :mod:`lotus_kit.white_lotus.position_code`); "" at the end of the game, which has none
        (WL-END-2), or for a game without codes."""
        return self.look.position_code(self.game, self.line, self.step)

    def share_link(self) -> str:
        """The address of the page with ``?code=`` for the step shown (the code alone before the page is known)."""
        code = self.code()
        base = self.moves.page_url.split("?")[0].split("#")[0]
        return f"{base}?code={code}" if base and code else code

    def copy_code(self, link: bool = False) -> str:
        """Show the code (or the share link) of the step shown and ask the page to copy it."""
        text = self.share_link() if link else self.code()
        if not text:
            end = f" ({self.look.over_rule})" if self.look.over_rule else ""
            self.code_message.value = box(f"The end of the game has no position code{end}: step back.", "info")
            return ""
        self.code_text.value = text
        self.moves.copy(text)
        self.code_message.value = box(escape(f"{'Link' if link else 'Code'} of step {self.step} "
                                             f"({len(text)} characters) copied."), "ok")
        return text

    def _on_copied(self, ok: bool, why: str) -> None:
        if not ok:
            self.code_message.value = box(escape("The browser did not allow copying: select the text above and "
                                                 f"copy it yourself ({why})."), "warn")

    def open_code(self, code: str) -> tuple[bool, str]:
        """Explore the moment a position code (or share link) stands for; a malformed code is refused
        with the reason and nothing changes."""
        try:
            record = self.look.decode(self.game, code)
        except LotusKitError as exc:
            self.code_message.value = box(escape(str(exc)), "error")
            return False, str(exc)
        ok, message = self.load(record)
        if ok:
            self.go(self.line.steps)            # the code's moment: after the decisions it holds
            where = self.look.position_words(self.game, self.state).split(",")[0]
            message = f"Opened the position code: step {self.step} of a position in {where}."
        self.code_message.value = box(escape(message), "ok" if ok else "error")
        return ok, message

    def _on_page(self, url: str) -> None:
        """A page opened with ``?code=`` (a share link) shows that position, once."""
        if "code=" in url and url != self._opened_link and self.look.is_code(url.split("#")[0]):
            self._opened_link = url
            self.open_code(url)

    def set_up_from_here(self) -> Any:
        """Open the game's position editor (its screen's ``editor_tool``, :mod:`lotus_kit.ui.position_editor`)
        below with the position of the step shown and return it; None, with the reason shown, at the end
        of the game or for a game without one."""
        if self.editor_tool is None:
            self._tell(box(escape(f"{self.game.info.title} has no position editor."), "info"))
            return None
        state = self.state
        if self.game.is_over(state):
            end = f" ({self.look.over_rule})" if self.look.over_rule else ""
            self._tell(box(f"The end of the game is not a position to set up{end}: step back.", "info"))
            return None
        for w in self.setup_area.children:
            w.close()
        flags = tuple(state.rules.flags()) if hasattr(getattr(state, "rules", None), "flags") else ()
        editor = self.editor_tool.editor(self.game, state, flags)
        close = widgets.Button(description="Close the editor", icon="times", layout=widgets.Layout(width="170px"))
        close.on_click(lambda _b: self._close_setup())
        where = self.look.position_words(self.game, state)
        self.setup_area.children = (widgets.HTML(
            f"<h4 style='margin:6px 0'>{escape(self.editor_tool.title)}: set up from step {self.step}"
            f"{escape(f' ({where})' if where else '')}</h4>"), editor, close)
        self.editor_widget = editor
        return editor

    def _close_setup(self) -> None:
        for w in self.setup_area.children:
            w.close()
        self.setup_area.children = ()
        self.editor_widget = None

    # -- advice: the game's advisor (its screen's advisor_tool), made and updated only while open -----------
    def _build_advice(self) -> widgets.Accordion:
        self.advisor_tool = self.look.advisor_tool(self.game)
        self.advisor: Any = None
        title = getattr(self.advisor_tool, "title", "Advice")
        section = widgets.Accordion([widgets.VBox()], titles=(title,), selected_index=None,
                                    layout=widgets.Layout(width="100%", margin="6px 0"))
        if self.advisor_tool is None:
            section.layout.display = "none"
        section.observe(lambda _c: self._refresh_advice(), "selected_index")
        return section

    def open_advice(self) -> Any:
        """Open the advice section (what its title click does) and return the advisor's view (White
        Lotus: :class:`~lotus_kit.white_lotus.screen.advisor.Advisor`); None for a game without one."""
        if self.advisor_tool is None:
            return None
        self.advice_section.selected_index = 0
        return self.advisor

    def _refresh_advice(self) -> None:
        """The advisor follows the step while its section is open; closed, it costs nothing."""
        if self.advice_section.selected_index is None or self.advisor_tool is None:
            return
        state = self.line.states[self.step]
        if self.advisor is None:
            self.advisor = self.advisor_tool.view(self.game, state)
            self.advice_section.children = (self.advisor,)
        if self.advisor.state is not state:
            self.advisor.show(state)
