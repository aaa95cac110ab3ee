"""Players of ``turnbuckle serve``: what a name may be and how a password is kept.

Pure rules with no web and no database: ``names`` (who may be called what: unique whatever the case
or look-alike letters, nothing offensive) and ``passwords`` (Argon2id hashes). The tables are in
``turnbuckle.store.player_models``; the pages and the API in ``turnbuckle.web.accounts``.
"""
