"""lotus_kit: a Jupyter rules companion for board games, starting with Der weiße Lotus."""
