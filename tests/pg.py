"""Start and stop a throw-away PostgreSQL server from Debian's binaries (tests and benchmarks).

As root, `initdb` refuses to run, so the server runs as the `postgres` user in a temporary folder
owned by it; clients connect over the socket in that folder. Fsync is off: this is for tests.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import psycopg

PG_GLOB = "/usr/lib/postgresql/*/bin"
INSTALL_HINT = (
    "install them with `bash scripts/install.sh --dev` (apt-get install postgresql); "
    "the store tests run on a real PostgreSQL server and are never skipped"
)


class PostgresUnavailable(RuntimeError):
    """The server binaries are missing or the server would not start."""


@dataclass(frozen=True)
class PostgresServer:
    """A running server reachable over its socket folder."""

    host: str
    port: int
    data: Path
    user: str = "postgres"
    dbname: str = "postgres"

    def env(self, schema: str = "") -> dict[str, str]:
        """Settings for `open_app(data_dir, env)` (the library's `POSTGRES_*` keys)."""
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": self.dbname,
            "POSTGRES_HOST": self.host,
            "POSTGRES_PORT": str(self.port),
            "POSTGRES_USER": self.user,
            "POSTGRES_PASSWORD": "",
            "POSTGRES_POOL_SIZE": "4",
        }
        if schema:
            env["POSTGRES_SCHEMA"] = schema
        return env

    def connect(self) -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(
            host=self.host, port=self.port, user=self.user, dbname=self.dbname, autocommit=True
        )

    def create_schema(self, schema: str) -> None:
        with self.connect() as conn:
            conn.execute(f"CREATE SCHEMA {schema}")


def _bindir() -> Path:
    found = sorted(glob.glob(f"{PG_GLOB}/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise PostgresUnavailable(
            f"PostgreSQL server binaries not found ({PG_GLOB}/initdb); {INSTALL_HINT}"
        )
    return Path(found[-1]).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _runuser() -> str:
    """`runuser` (util-linux) lives in /usr/sbin or /sbin, which a root PATH may lack."""
    path = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
    found = shutil.which("runuser", path=path)
    if found is None:
        raise PostgresUnavailable(f"running as root but `runuser` is missing; {INSTALL_HINT}")
    return found


def _as_server_user(cmd: list[str]) -> list[str]:
    return [_runuser(), "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def _run(cmd: list[str]) -> None:
    done = subprocess.run(_as_server_user(cmd), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise PostgresUnavailable(
            f"PostgreSQL start-up step failed: {' '.join(cmd)}\n{done.stdout}\n{done.stderr}"
        )


def start() -> PostgresServer:
    """Create a cluster in a new temporary folder and start it on a free port."""
    bindir = _bindir()
    # /tmp rather than $TMPDIR: the `postgres` user must reach it, and the socket path must
    # stay under the 107-byte limit of Unix sockets.
    folder = Path(
        tempfile.mkdtemp(prefix="novus-pg-", dir="/tmp" if Path("/tmp").is_dir() else None)
    )
    if os.geteuid() == 0:
        try:
            entry = pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresUnavailable(
                f"running as root but there is no `postgres` user; {INSTALL_HINT}"
            ) from None
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        user = "postgres"
    else:
        user = pwd.getpwuid(os.geteuid()).pw_name
    data = folder / "data"
    port = _free_port()
    _run([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", user])
    options = f"-p {port} -k {folder} -c listen_addresses='' -c fsync=off"
    log = str(folder / "log")
    _run([str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", log, "-w", "start"])
    return PostgresServer(host=str(folder), port=port, data=data, user=user)


def stop(server: PostgresServer) -> None:
    """Stop the server and delete its folder."""
    pg_ctl = str(_bindir() / "pg_ctl")
    subprocess.run(
        _as_server_user([pg_ctl, "-D", str(server.data), "-m", "immediate", "stop"]),
        capture_output=True,
        check=False,
    )
    shutil.rmtree(server.host, ignore_errors=True)
