"""``pmemo-replay tokens add NAME | list | revoke NAME|ID``: the API tokens uploads (and moderation) need.

A token is shown once, when it is made; the store keeps only its sha256.
"""

from __future__ import annotations

import argparse
import json
import sys

from pmemo_replay.cli.storeopts import add_db_option, open_store


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("tokens", help="make, list and revoke API tokens",
                       description="API tokens for uploads (Authorization: Bearer <token>); moderators may also hide games.")
    add_db_option(p)
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = actions.add_parser("add", help="make a token and print it (shown once)")
    add.add_argument("name", metavar="NAME")
    add.add_argument("--moderator", action="store_true", help="may also hide and show games")
    listing = actions.add_parser("list", help="every token (never the secrets)")
    listing.add_argument("--json", action="store_true")
    revoke = actions.add_parser("revoke", help="revoke the active token with that name or id")
    revoke.add_argument("token", metavar="NAME|ID")
    for parser in (add, listing, revoke):
        add_db_option(parser)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from pmemo_replay.store import tokens

    with open_store(args.db) as store:
        if args.action == "add":
            try:
                info, secret = tokens.add_token(store.engine, args.name, moderator=args.moderator)
            except tokens.TokenError as err:
                print(f"pmemo-replay tokens: {err}", file=sys.stderr)
                return 1
            role = "moderator token" if info.moderator else "token"
            print(f"{role} {info.name!r} (id {info.id}); it is shown only now, keep it:", file=sys.stderr)
            print(secret)
            return 0
        if args.action == "list":
            rows = tokens.list_tokens(store.engine)
            if args.json:
                print(json.dumps([t.to_json() for t in rows], ensure_ascii=False))
            for t in rows if not args.json else ():
                state = "active" if t.active else f"revoked {t.to_json()['revoked_at']}"
                print(f"{t.id:>4}  {t.name}  {'moderator' if t.moderator else 'uploads'}  made {t.to_json()['created_at']}  {state}")
            return 0
        revoked = tokens.revoke_token(store.engine, args.token)
    if not revoked:
        print(f"pmemo-replay tokens: no active token named or numbered {args.token!r}", file=sys.stderr)
        return 1
    for t in revoked:
        print(f"revoked {t.name!r} (id {t.id})")
    return 0
