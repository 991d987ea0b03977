"""The binder/ files, read the way repo2docker reads them: a fresh environment installed from
``binder/requirements.txt`` (run from the repository root) must run the walkthrough notebooks.

repo2docker itself needs Docker, which this machine does not have; this is the closest check.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def test_binder_folder_is_what_repo2docker_expects():
    assert (BINDER / "requirements.txt").is_file() and (BINDER / "runtime.txt").is_file()
    assert not (ROOT / ".binder").exists(), "binder/ and .binder/ together are an error for repo2docker"
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-3.") and int(runtime.split(".")[1]) >= 11
    lines = [ln.strip() for ln in (BINDER / "requirements.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    assert any(ln.startswith(".[") and "jupyter" in ln and "analysis" in ln for ln in lines), "the kit with its extras"


@pytest.mark.slow
def test_fresh_environment_from_binder_requirements_runs_the_notebooks(tmp_path):
    venv = tmp_path / "binder-env"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHONPATH", "JUPYTER"))}
    env["JUPYTER_DATA_DIR"] = str(tmp_path / "jupyter-data")      # no user kernelspec may leak in
    subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", str(BINDER / "requirements.txt")],
                   cwd=ROOT, check=True, env=env, timeout=900)
    # it is the installed package that runs, not the working tree
    where = subprocess.run([str(py), "-c", "import lotus_kit, sys; print(lotus_kit.__file__)"], cwd=tmp_path,
                           check=True, capture_output=True, text=True, env=env).stdout
    assert str(venv) in where
    for name in ("01_learn_the_rules.ipynb", "03_conflict_lab.ipynb", "06_rule_variants.ipynb"):
        out = tmp_path / name
        done = subprocess.run([str(venv / "bin" / "jupyter"), "execute", f"--output={out}", name],
                              cwd=ROOT / "notebooks", env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
