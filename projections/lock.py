"""One projector per data folder, for as long as it lives: an exclusive lock on a file of its own.

DuckDB's own lock on the projector's file is a POSIX (`fcntl`) record lock, which the kernel
drops as soon as the process closes ANY descriptor of that file: one `shutil.copyfile` of the
file to publish it was enough, and a second `novus project` then ran beside `--follow`. So the
projector also holds `flock` on `views-projector.lock`, which belongs to the open file
description it was taken on (nothing else in the process opens that file, and closing other
descriptors never releases it), and reads the file it publishes through one descriptor kept open
until its DuckDB connection is closed (`Publisher`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from application.i18n import _
from domain.core.errors import NovusError


class ProjectorBusy(NovusError):
    """Another process is projecting into the same data folder."""


def lock_path(work_file: Path) -> Path:
    """`views-projector.duckdb` -> `views-projector.lock`, beside it."""
    return work_file.with_suffix(".lock")


class ProjectorLock:
    """An exclusive, non-blocking `flock` on `path`, held until `release` (or the process ends:
    a killed projector never leaves a stale lock)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise busy(path.parent, holder(path)) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self.fd: int | None = fd

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def holder(path: Path) -> int | None:
    """The process id the holder wrote into the lock file, if it can be read."""
    with contextlib.suppress(OSError, ValueError):
        return int(path.read_text().strip())
    return None


def busy(folder: Path, pid: int | None) -> ProjectorBusy:
    who = _(" (process {pid})", pid=pid) if pid else ""
    return ProjectorBusy(
        _("another projector{who} is writing the views of {folder}", who=who, folder=folder),
        hint=_("wait for the other `novus project` to end (or stop its --follow)"),
    )


class Publisher:
    """Copies the projector's DuckDB file through one read-only descriptor opened once and
    closed only after the DuckDB connection (`close`): publishing never closes a descriptor of
    the file while DuckDB holds its lock."""

    def __init__(self, path: Path) -> None:
        self.fd: int | None = os.open(path, os.O_RDONLY)

    def size(self) -> int:
        """The file's current size in bytes (through the same descriptor)."""
        assert self.fd is not None, "closed"
        return os.fstat(self.fd).st_size

    def copy_to(self, target: Path) -> None:
        """Write the file's current bytes to `target` (a new file)."""
        assert self.fd is not None, "closed"
        size = os.fstat(self.fd).st_size
        out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            done = 0
            while done < size:
                try:
                    sent = os.copy_file_range(self.fd, out, size - done, done, done)
                except OSError:  # a file system without it: read and write
                    sent = os.pwrite(out, os.pread(self.fd, min(size - done, 1 << 20), done), done)
                if sent == 0:
                    break
                done += sent
        finally:
            os.close(out)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
