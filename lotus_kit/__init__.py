"""lotus_kit: a Jupyter rules companion for board games, starting with Der weiße Lotus."""


def games() -> list[str]:
    """The names of the games this kit can play (see :mod:`lotus_kit.core.registry`).

    >>> games()[0]
    'white_lotus'
    """
    from lotus_kit.core.registry import games as _games

    return _games()
