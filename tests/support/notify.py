"""Local stand-ins for the notifications' far ends: an SMTP sink (aiosmtpd) and a Web Push
service, and the keys a browser's PushManager hands over. Never the network."""

from __future__ import annotations

import base64
import secrets
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class Sink:
    """A local SMTP server keeping what it receives."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"


@contextmanager
def smtp_sink() -> Iterator[tuple[Sink, int]]:
    from aiosmtpd.controller import Controller

    sink = Sink()
    with socket.socket() as probe:  # a free port (the controller checks its port by connecting to it)
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()


class PushEndpoint:
    """A local stand-in for a browser vendor's push service: records every request."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                outer.received.append((self.path, dict(self.headers), body))
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"


@contextmanager
def push_endpoint() -> Iterator[PushEndpoint]:
    endpoint = PushEndpoint()
    endpoint.thread.start()
    yield endpoint
    endpoint.server.shutdown()


def browser_keys() -> dict[str, str]:
    """What a browser's PushManager hands over: its P-256 public key and an auth secret."""
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    public = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(Encoding.X962,
                                                                               PublicFormat.UncompressedPoint)
    encode = lambda raw: base64.urlsafe_b64encode(raw).rstrip(b"=").decode()  # noqa: E731
    return {"p256dh": encode(public), "auth": encode(secrets.token_bytes(16))}




def vapid_keys(folder: Path) -> tuple[str, str]:
    """A VAPID private key file and its public key (base64url), as the operator makes them."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    from py_vapid import Vapid

    vapid = Vapid()
    vapid.generate_keys()
    vapid.save_key(str(folder / "vapid.pem"))
    raw = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return str(folder / "vapid.pem"), base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
