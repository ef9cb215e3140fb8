"""Real servers on loopback for the publishing tests: Debian's sshd (a throwaway host key and
an authorized key in the test's folder, on a free port) and nginx serving a published folder."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

from bench.publish import NGINX_CONF

SSHD = "/usr/sbin/sshd"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(process.stdout.read().decode(errors="replace")[-4000:])
        with socket.socket() as probe:
            probe.settimeout(0.5)
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listened on {port} in time")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=10)


SSHD_CONFIG = """
Port {port}
ListenAddress 127.0.0.1
HostKey {tmp}/host_key
PidFile {tmp}/sshd.pid
AuthorizedKeysFile {tmp}/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
"""


class Sshd:
    """sshd on a free loopback port; ``ssh_command`` logs in with the test's own key and checks
    the throwaway host key, and ``spec`` names a folder on the "server"."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.port = free_port()
        self.user = (
            os.environ.get("USER")
            or subprocess.run(
                ["id", "-un"], capture_output=True, text=True, check=True
            ).stdout.strip()
        )
        for name in ("host_key", "client_key"):
            subprocess.run(
                ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp / name)],
                check=True,
            )
        shutil.copy(tmp / "client_key.pub", tmp / "authorized_keys")
        host_key = (tmp / "host_key.pub").read_text().split()[:2]
        (tmp / "known_hosts").write_text(f"[127.0.0.1]:{self.port} {' '.join(host_key)}\n")
        (tmp / "sshd_config").write_text(SSHD_CONFIG.format(port=self.port, tmp=tmp))
        if os.geteuid() == 0:  # sshd run by root wants its privilege-separation folder
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
        self.process = None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [SSHD, "-D", "-e", "-f", str(self.tmp / "sshd_config")],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        wait_for_port(self.port, self.process)

    def stop(self) -> None:
        stop(self.process)

    @property
    def ssh_command(self) -> str:
        return (
            f"ssh -F /dev/null -o BatchMode=yes -o ConnectTimeout=5 -o IdentitiesOnly=yes "
            f"-i {self.tmp}/client_key -o UserKnownHostsFile={self.tmp}/known_hosts "
            f"-o StrictHostKeyChecking=yes -p {self.port}"
        )

    def spec(self, folder: Path) -> str:
        return f"{self.user}@127.0.0.1:{folder}"


def nginx_binary() -> str | None:
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")


class Nginx:
    """nginx on a free loopback port serving the folder ``root`` as a web host serves files."""

    def __init__(self, tmp: Path, root: Path):
        self.port = free_port()
        user = "user root root;" if os.geteuid() == 0 else ""
        conf = NGINX_CONF.format(tmp=tmp, user=user, host="127.0.0.1", port=self.port, root=root)
        (tmp / "nginx.conf").write_text(conf)
        self.process = subprocess.Popen(
            [nginx_binary(), "-c", str(tmp / "nginx.conf"), "-p", str(tmp)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        wait_for_port(self.port, self.process)

    def stop(self) -> None:
        stop(self.process)
