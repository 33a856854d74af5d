"""The web application: HTTP API, games list and upload, replay viewer, judge page.

>>> from pmemo_replay.web import create_app
>>> create_app.__name__
'create_app'
"""

from pmemo_replay.web.app import create_app

__all__ = ["create_app"]
