"""Build the kit as a static JupyterLite site: JupyterLab and a Python kernel (Pyodide) in the browser.

    python3 scripts/lite.py [--out build/lite]        # what `make lite` runs

Everything the site needs is fetched at build time from the package registries only, and cached in
``.cache/lite`` (gitignored) so that a rebuild is quick:

- a build environment of its own (``.cache/lite/venv``) with the ``lite`` extra of pyproject.toml:
  jupyterlite-core, the Pyodide kernel and the widget front ends (ipywidgets, anywidget, plotly);
- the Pyodide runtime from the ``pyodide`` package on the npm registry (``npm pack``, or the same
  tarball over HTTPS with its sha512 checked): pyodide.asm.wasm, python_stdlib.zip, pyodide.mjs, ...;
- every pure-Python wheel the kernel and the kit import (micropip, IPython, ipywidgets, plotly, ...)
  from PyPI, entered in ``pyodide-lock.json`` with their sha256. Nothing else stays in the lock file:
  the npm package ships no package wheels, and the compiled ones (numpy, pandas, scipy) exist only on
  Pyodide's CDN, so a browser kernel of this site has none of them (see ``COMPILED``);
- the kit's own wheel (it carries the rules texts), built from this checkout.

The result runs with no network at all: serve it with any static web server (``python3 -m http.server
-d build/lite``) or copy the folder to a stick. ``import lotus_kit`` in a cell loads the kit and its
widget libraries from the site itself (the kernel reads the imports of each cell); PyPI is never
asked (``disablePyPIFallback``).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import urllib.request
import venv
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "lite"
BUILD_ENV = CACHE / "venv"
DEFAULT_OUT = ROOT / "build" / "lite"

PYODIDE_VERSION = "314.0.6"          # the version jupyterlite-pyodide-kernel 0.8.6 is built for
PYODIDE_PYTHON = "3.14"
PYODIDE_FILES = ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.js", "pyodide.mjs", "python_stdlib.zip",
                 "package.json")
# what the kernel installs when it starts (pyodide-kernel's worker) and what the kit imports at start
KERNEL_ROOTS = ("micropip", "packaging", "comm", "ipython", "jedi")
KIT_ROOTS = ("ipywidgets", "plotly", "anywidget")
# front ends bundled into the site: the kernel side must be the very same version
PAIRED = ("ipywidgets", "jupyterlab-widgets", "anywidget", "plotly")
# provided by the Pyodide kernel's own wheel index (stubs), never taken from PyPI
KERNEL_STUBS = ("ipykernel", "widgetsnbextension", "piplite", "pyodide-kernel")
# compiled packages a notebook may import: absent from this site (no wheels outside Pyodide's CDN)
# (what a cell imports: what it needs)
COMPILED = {"numpy": "numpy", "pandas": "pandas", "scipy": "scipy", "dask": "dask",
            "lotus_kit.analysis": "numpy and scipy (through `lotus_kit.analysis`)",
            "lotus_kit.white_lotus.analysis": "numpy and scipy (through `lotus_kit.white_lotus.analysis`)",
            "lotus_kit.samurai.analysis": "pandas (through `lotus_kit.samurai.analysis`)",
            "lotus_kit.ming.analysis": "pandas (through `lotus_kit.ming.analysis`)",
            "lotus_kit.ai": "OpenSpiel and PettingZoo (through `lotus_kit.ai`, the `[ai]` extra)"}
# markers as Pyodide 314 evaluates them
EMSCRIPTEN = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
              "platform_machine": "wasm32", "implementation_name": "cpython",
              "platform_python_implementation": "CPython", "python_version": PYODIDE_PYTHON,
              "python_full_version": PYODIDE_PYTHON + ".2", "platform_release": "", "platform_version": "",
              "implementation_version": PYODIDE_PYTHON + ".2", "extra": ""}
NOTE = ("> **In the browser build (JupyterLite)** this notebook needs {what}: compiled packages that this "
        "offline browser kernel does not have (Pyodide builds them, but only its CDN serves them). Read it "
        "here; run it in JupyterLab (`make lab`).")


def say(text: str) -> None:
    print(f"==> {text}", flush=True)


def run(cmd: list[str | Path], **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def pip(cmd: list[str | Path]) -> None:
    """Run pip; its errors are shown, not the warnings of a machine's pip configuration."""
    done = subprocess.run([str(c) for c in cmd], stderr=subprocess.PIPE, text=True)
    errors = [ln for ln in done.stderr.splitlines() if not ln.startswith("WARNING: Location ")]
    if errors:
        print("\n".join(errors), file=sys.stderr)
    if done.returncode:
        raise SystemExit(f"pip failed ({done.returncode}): {' '.join(map(str, cmd[3:]))}")


# ---------------------------------------------------------------------------------------------------
# the build environment
def lite_requirements() -> list[str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["lite"]


def ensure_build_env() -> Path:
    """A venv of its own with the ``lite`` extra (not the dev venv: the Pyodide kernel's labextension
    would load in the real JupyterLab too). Reinstalled when the extra changes."""
    py = BUILD_ENV / "bin" / "python"
    reqs = lite_requirements()
    stamp = BUILD_ENV / ".lite-requirements"
    if py.exists() and stamp.exists() and stamp.read_text() == "\n".join(reqs):
        return py
    say(f"build environment {BUILD_ENV.relative_to(ROOT)}: {', '.join(reqs)} (first time: about a minute)")
    venv.create(BUILD_ENV, with_pip=True, clear=True)
    pip([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", *reqs])
    stamp.write_text("\n".join(reqs))
    return py


# ---------------------------------------------------------------------------------------------------
# Pyodide from the npm registry
def fetch_pyodide() -> Path:
    """The ``pyodide`` npm tarball, unpacked into the cache; returns the folder with its files."""
    folder = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if all((folder / f).exists() for f in (*PYODIDE_FILES, "pyodide-lock.json")):
        return folder
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        say(f"pyodide {PYODIDE_VERSION} from the npm registry")
        npm = shutil.which("npm")
        if npm:
            run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", CACHE], stdout=subprocess.DEVNULL)
        else:                                   # the same tarball, checked against the registry's sha512
            with urllib.request.urlopen(f"https://registry.npmjs.org/pyodide/{PYODIDE_VERSION}", timeout=60) as r:
                dist = json.load(r)["dist"]
            with urllib.request.urlopen(dist["tarball"], timeout=300) as r:
                data = r.read()
            algo, digest = dist["integrity"].split("-", 1)
            if base64.b64encode(hashlib.new(algo, data).digest()).decode() != digest:
                raise SystemExit(f"pyodide tarball: {algo} does not match the npm registry's integrity")
            tgz.write_bytes(data)
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in (*PYODIDE_FILES, "pyodide-lock.json"):
            member = tar.getmember(f"package/{name}")
            (folder / name).write_bytes(tar.extractfile(member).read())
    return folder


# ---------------------------------------------------------------------------------------------------
# wheels
def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def installed_versions() -> dict[str, str]:
    from importlib.metadata import distributions

    return {canonical(d.metadata["Name"]): d.version for d in distributions()}


def download_wheel(name: str, version: str | None) -> Path:
    """A py3-none-any wheel of ``name`` (``version`` or the newest) from PyPI, cached."""
    dest = CACHE / "wheels"
    dest.mkdir(parents=True, exist_ok=True)

    def cached() -> Path | None:
        for whl in sorted(dest.glob("*.whl"), reverse=True):
            dist, ver = whl.name.split("-")[:2]
            if canonical(dist) == canonical(name) and (version is None or ver == version):
                return whl
        return None

    if (version is not None or (dest / f".newest-{canonical(name)}").exists()) and (found := cached()):
        return found
    spec = f"{name}=={version}" if version else name
    pip([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
         "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "--platform", "any", "--implementation", "py",
         "--abi", "none", "-d", dest, spec])
    if version is None:
        (dest / f".newest-{canonical(name)}").touch()
    if not (found := cached()):
        raise SystemExit(f"no pure-Python wheel of {spec} on PyPI")
    return found


def wheel_requirements(whl: Path) -> list[str]:
    """Names this wheel needs in a Pyodide kernel (its Requires-Dist, markers evaluated there)."""
    import zipfile
    from email.parser import Parser

    from packaging.requirements import Requirement

    with zipfile.ZipFile(whl) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        headers = Parser().parsestr(z.read(meta).decode())
    out = []
    for line in headers.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(EMSCRIPTEN):
            out.append(canonical(req.name))
    return out


def gather_wheels(lock: dict, kit_whl: Path) -> dict[str, Path]:
    """Every wheel of the kernel's and the kit's start-up closure: the front-end paired version, else
    the version Pyodide's lock names, else the build env's, else PyPI's newest."""
    locked = {canonical(k): v["version"] for k, v in lock["packages"].items()}
    have = installed_versions()
    wheels: dict[str, Path] = {"lotus-kit": kit_whl}
    todo = [*KERNEL_ROOTS, *KIT_ROOTS, "jupyterlab-widgets"]
    while todo:
        name = canonical(todo.pop())
        if name in wheels or name in KERNEL_STUBS:
            continue
        version = have.get(name) if name in PAIRED else locked.get(name) or have.get(name)
        wheels[name] = download_wheel(name, version)
        todo.extend(wheel_requirements(wheels[name]))
    return wheels


def build_kit_wheel() -> Path:
    out = CACHE / "kit"
    shutil.rmtree(out, ignore_errors=True)
    pip([sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "-w", out, ROOT])
    return next(out.glob("lotus_kit-*.whl"))


def wheel_imports(whl: Path) -> list[str]:
    """Top-level modules of a wheel: what ``loadPackagesFromImports`` matches a cell's imports on."""
    import zipfile

    names = set()
    with zipfile.ZipFile(whl) as z:
        for entry in z.namelist():
            top = entry.split("/")[0]
            if top.endswith((".dist-info", ".data")) or top.endswith(".pth") or top == "__pycache__":
                continue
            if "/" in entry or top.endswith(".py"):
                names.add(top.removesuffix(".py"))
    return sorted(names)


def write_lock(pyodide: Path, static: Path, kit_whl: Path) -> dict[str, Path]:
    """Copy Pyodide's core files and every wheel into ``static``; write a lock file naming exactly
    those wheels with their sha256 (the npm package's lock lists Pyodide's CDN wheels, none of which
    is here: only its ``info`` is kept). The kit's entry depends on its widget libraries, so that
    ``import lotus_kit`` in a cell loads them all."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    wheels = gather_wheels(lock, kit_whl)
    shutil.rmtree(static, ignore_errors=True)
    static.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, static / name)
    packages = {}
    for key, whl in sorted(wheels.items()):
        shutil.copy2(whl, static / whl.name)
        depends = KIT_ROOTS if key == "lotus-kit" else wheel_requirements(whl)
        packages[key] = {
            "name": key, "version": whl.name.split("-")[1], "file_name": whl.name, "install_dir": "site",
            "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(), "package_type": "package",
            "imports": wheel_imports(whl), "depends": sorted({canonical(d) for d in depends} & wheels.keys()),
            "unvendored_tests": False,
        }
    (static / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": packages}, indent=1))
    return wheels


# ---------------------------------------------------------------------------------------------------
# contents: the walkthroughs and the rules texts
def needs_compiled(nb: dict) -> list[str]:
    names = "|".join(re.escape(n) for n in COMPILED)
    pattern = re.compile(rf"^\s*(?:import|from)\s+({names})\b", re.M)
    found = {m for c in nb["cells"] if c["cell_type"] == "code" for m in pattern.findall("".join(c["source"]))}
    return sorted(found)


def copy_contents(files: Path) -> list[str]:
    """The notebooks (any ``notebooks/**/*.ipynb``: later games' walkthroughs come along) with their
    data, set to the Pyodide kernel; a note on top of those that need compiled packages. The rules
    texts shipped in the package go to ``rules/``."""
    shutil.rmtree(files, ignore_errors=True)
    src = ROOT / "notebooks"
    notes = []
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_dir() or any(p.startswith(".") for p in rel.parts):
            continue
        dest = files / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix != ".ipynb":
            shutil.copy2(path, dest)
            continue
        nb = json.loads(path.read_text())
        nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        nb["metadata"].pop("widgets", None)
        if what := needs_compiled(nb):
            nb["cells"].insert(1 if nb["cells"] and nb["cells"][0]["cell_type"] == "markdown" else 0, {
                "cell_type": "markdown", "id": "lite-note", "metadata": {},
                "source": NOTE.format(what=", ".join(COMPILED[w] for w in what))})
            notes.append(f"{rel} ({', '.join(what)})")
        dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    rules = files / "rules"
    rules.mkdir()
    for md in sorted((ROOT / "lotus_kit" / "rules").glob("*.md")):
        shutil.copy2(md, rules / md.name)
    return notes


# the site's settings, merged into the built jupyter-lite.json (jupyter lite build's own merge of the
# lite folder's file comes before its Pyodide addon rewrites the kernel settings, which loses ours)
SITE_CONFIG = {
    "appName": "lotus_kit",
    "litePluginSettings": {
        "@jupyterlite/pyodide-kernel-extension:kernel": {
            "pyodideUrl": "./static/pyodide/pyodide.mjs",   # the copy in this site, not Pyodide's CDN
            "disablePyPIFallback": True,          # never ask PyPI: every wheel the kit needs is here
        },
    },
}


def write_config(lite_dir: Path, out: Path) -> None:
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {
            "contents": ["files"],
            "output_dir": str(out),
            "no_sourcemaps": True,
            "apps": ["lab", "notebooks", "tree"],
        },
    }, indent=1))
    (lite_dir / "overrides.json").write_text(json.dumps({
        # no "Jupyter news?" toast and no look-up of news or updates on the internet
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    }, indent=1))


def merge(into: dict, extra: dict) -> dict:
    for key, value in extra.items():
        into[key] = merge(into.get(key) or {}, value) if isinstance(value, dict) else value
    return into


def patch_site_config(out: Path) -> None:
    path = out / "jupyter-lite.json"
    config = json.loads(path.read_text())
    merge(config["jupyter-config-data"], SITE_CONFIG)
    path.write_text(json.dumps(config, indent=2) + "\n")


def build(out: Path) -> None:
    lite_dir = CACHE / "site"
    lite_dir.mkdir(parents=True, exist_ok=True)
    pyodide = fetch_pyodide()
    say("the kit's wheel")
    kit_whl = build_kit_wheel()
    say("wheels from PyPI into pyodide-lock.json")
    wheels = write_lock(pyodide, lite_dir / "static" / "pyodide", kit_whl)
    print("    " + " ".join(sorted(w.name for w in wheels.values())))
    notes = copy_contents(lite_dir / "files")
    for note in notes:
        print(f"    needs compiled packages, noted in the notebook: {note}")
    write_config(lite_dir, out)
    say(f"jupyter lite build -> {out}")
    shutil.rmtree(out, ignore_errors=True)
    for db in lite_dir.glob(".jupyterlite.doit.db*"):      # a full build each time: the output was removed
        db.unlink()
    run([Path(sys.executable).parent / "jupyter-lite", "build", "--lite-dir", lite_dir, "--output-dir", out],
        cwd=lite_dir)
    patch_site_config(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    say(f"built {out} ({size / 1e6:.0f} MB). Serve it: python3 scripts/lite.py --serve --out {out}")


# what a static host must say for these files (a machine's own MIME table may not know .mjs or .wasm)
MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
        ".ipynb": "application/json", ".md": "text/markdown", ".webmanifest": "application/manifest+json"}


def serve(site: Path, host: str, port: int) -> None:
    """Serve the built site (any static web server does the same; this one sets the MIME types)."""
    from functools import partial
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Handler(SimpleHTTPRequestHandler):
        extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **MIME}

        def log_message(self, format, *args):      # quiet: a site load is a thousand requests
            pass

    if not (site / "index.html").exists():
        raise SystemExit(f"no site in {site}: build it first (make lite)")
    with ThreadingHTTPServer((host, port), partial(Handler, directory=str(site))) as httpd:
        print(f"serving {site} on http://{host}:{httpd.server_port}/lab/index.html (Ctrl-C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the site goes (default build/lite)")
    parser.add_argument("--serve", action="store_true", help="serve the built site instead of building it")
    parser.add_argument("--host", default="127.0.0.1", help="with --serve: 0.0.0.0 for a room (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="with --serve (default 8000)")
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.out.resolve(), args.host, args.port)
        return 0
    CACHE.mkdir(parents=True, exist_ok=True)
    py = ensure_build_env()
    if Path(sys.prefix).resolve() != BUILD_ENV.resolve():    # go on inside the build environment
        return subprocess.call([str(py), __file__, "--out", str(args.out.resolve())])
    build(args.out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
