"""The command line's conventions (issue #12): --version, one spelling per flag, one error style."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from expedition import __version__
from expedition.cli import build_parser
from expedition.cli_hosting import SSH_PORT, WEB_PORT, with_default_ports

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "EXPEDITION_SAVES"}
    return subprocess.run(
        [sys.executable, "-m", "expedition", *args],
        cwd=cwd,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def one_line(result: subprocess.CompletedProcess[str], code: int) -> str:
    """The single error line a failed command printed (asserting there was exactly one, and nothing else)."""
    assert result.returncode == code, result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("expedition: "), result.stderr
    assert result.stdout == ""
    return lines[0]


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A saves folder holding one quick campaign, `campaign-1`."""
    made = run("new", "--quick", "--no-ui", "--seed", "3", "--saves", str(tmp_path))
    assert made.returncode == 0, made.stderr
    return tmp_path


# --- what every command shares ---------------------------------------------------------------


def test_version_prints_the_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout == f"expedition {__version__}\n"


def test_the_connections_own_command_is_hidden_but_still_runs() -> None:
    unknown = one_line(run("nosuch"), 2)
    assert "invalid choice: 'nosuch'" in unknown and "'serve'" in unknown
    assert "serve-client" not in unknown
    assert "serve-client" not in run("--help").stdout
    # Started by hand it says what it is for (each SSH connection of `serve` starts it).
    assert one_line(run("serve-client"), 2) == "expedition: this command is started by `expedition serve`"


@pytest.mark.parametrize(
    ("words", "wrong"),
    [
        (["new", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
        (["odds"], "the following arguments are required: dice"),
        (["saves"], "the following arguments are required: SUBCOMMAND"),
        (["load", "tomb", "--frobnicate"], "unrecognized arguments: --frobnicate"),
    ],
)
def test_a_command_typed_wrong_is_one_line_and_exit_2(words: list[str], wrong: str) -> None:
    assert wrong in one_line(run(*words), 2)


@pytest.mark.parametrize(
    "words",
    [
        ["load", "ghost"],
        ["replay", "ghost"],
        ["saves", "check", "ghost"],
        ["saves", "export", "ghost"],
        ["serve", "--ssh", "ghost"],
    ],
)
def test_a_missing_campaign_is_said_the_same_way_by_every_command(tmp_path: Path, words: list[str]) -> None:
    line = one_line(run(*words, "--saves", str(tmp_path)), 2)
    assert line == f"expedition: there is no campaign called 'ghost' in {tmp_path}"


# --- --ssh [PORT] ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "port", "named"),
    [
        (["new", "--quick", "--ssh"], SSH_PORT, None),
        (["continue", "--ssh", "2300"], 2300, None),
        (["load", "--ssh", "tomb"], SSH_PORT, "tomb"),
        (["load", "tomb", "--ssh", "2300"], 2300, "tomb"),
        (["serve", "--ssh", "tomb"], SSH_PORT, "tomb"),
        (["serve", "--ssh", "2300", "tomb"], 2300, "tomb"),
        (["serve", "--ssh"], SSH_PORT, None),
    ],
)
def test_ssh_takes_an_optional_port_the_same_way_on_every_command(
    words: list[str], port: int, named: str | None
) -> None:
    args = build_parser().parse_args(with_default_ports(words))
    assert args.ssh == port
    assert (getattr(args, "name", None) or getattr(args, "campaign", None)) == named


def test_web_takes_an_optional_port_too() -> None:
    assert build_parser().parse_args(with_default_ports(["serve", "--web"])).web == WEB_PORT
    assert build_parser().parse_args(with_default_ports(["serve", "--web", "8100", "tomb"])).web == 8100
    assert with_default_ports(["odds", "3", "--ssh"]) == ["odds", "3", "--ssh"]  # not a serving command


@pytest.mark.parametrize("command", [["new", "--quick"], ["continue"], ["load", "tomb"], ["serve"]])
def test_a_port_out_of_range_is_refused_the_same_way(tmp_path: Path, command: list[str]) -> None:
    line = one_line(run(*command, "--ssh", "70000", "--saves", str(tmp_path)), 2)
    assert line == "expedition: --ssh: 70000 is not a port (0 to 65535)"


# --- a name that cannot be saved is refused before the party is made -------------------------


@pytest.mark.parametrize("ui", [[], ["--no-ui"]])
def test_new_refuses_a_name_that_cannot_be_saved_before_making_the_party(
    tmp_path: Path, ui: list[str]
) -> None:
    bad = one_line(run("new", "--quick", *ui, "--name", "../x", "--saves", str(tmp_path)), 2)
    assert bad.startswith("expedition: --name ../x: '../x' is not a campaign name")
    assert not (tmp_path.parent / "x").exists() and list(tmp_path.iterdir()) == []


def test_new_refuses_a_name_already_taken_and_numbers_a_default_one(saved: Path) -> None:
    taken = one_line(run("new", "--quick", "--name", "campaign-1", "--saves", str(saved)), 2)
    assert taken == f"expedition: --name campaign-1: a campaign called 'campaign-1' already exists in {saved}"
    again = run("new", "--quick", "--no-ui", "--seed", "3", "--saves", str(saved))
    assert again.returncode == 0, again.stderr
    assert "Saved campaign 'campaign-2'" in again.stdout


# --- a campaign open in another game --------------------------------------------------------

HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from expedition.session.campaigns import open_campaign
    session = open_campaign("campaign-1", saves=Path(sys.argv[1]))
    print("playing", flush=True)
    time.sleep(120)
    """
)


def test_a_campaign_open_elsewhere_is_refused_naming_the_game_until_it_is_killed(saved: Path) -> None:
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(saved)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ) as holder:
        try:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "playing"
            busy = one_line(run("load", "campaign-1", "--no-ui", "--saves", str(saved)), 1)
            assert f"'campaign-1' is open in another game (pid {holder.pid} on {socket.gethostname()}" in busy
        finally:
            holder.send_signal(signal.SIGKILL)
    opened = run("load", "campaign-1", "--no-ui", "--saves", str(saved))
    assert opened.returncode == 0, opened.stderr
    assert opened.stdout.startswith("campaign-1: day 1")


def test_a_stale_lock_file_naming_a_live_process_does_not_block(saved: Path) -> None:
    (saved / "campaign-1" / "campaign.lock").write_text(f"1\n{socket.gethostname()}\n")  # pid 1 lives
    opened = run("continue", "--no-ui", "--saves", str(saved))
    assert opened.returncode == 0, opened.stderr
