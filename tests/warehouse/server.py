"""A test server process: the web application on a store and warehouse, open uploads, no rate limit, any free port.

``python -m tests.warehouse.server DB_URL WAREHOUSE`` prints the port on its first line, then serves until killed.
"""

from __future__ import annotations

import sys

from werkzeug.serving import make_server

from pmemo_replay.web import create_app


def main(url: str, warehouse: str) -> None:
    app = create_app({"PMEMO_DATABASE_URL": url, "PMEMO_WAREHOUSE": warehouse, "PMEMO_OPEN_UPLOADS": True,
                      "PMEMO_WRITE_RATE": "off", "SECRET_KEY": "test", "TESTING": False})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    print(server.server_port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
