"""The package: its version is the crate's, its API typed and documented."""

from __future__ import annotations

import re
from pathlib import Path

import paifu
from conftest import ROOT


def crate_version(manifest: Path) -> str:
    text = manifest.read_text()
    package = text[text.index("[package]") :]
    m = re.search(r'^version\s*=\s*"([^"]+)"', package, re.M)
    assert m, manifest
    return m.group(1)


def test_version_is_the_crates():
    assert paifu.__version__ == crate_version(ROOT / "Cargo.toml")
    assert crate_version(ROOT / "python" / "Cargo.toml") == crate_version(ROOT / "Cargo.toml")
    import importlib.metadata

    assert importlib.metadata.version("paifu") == paifu.__version__


def test_typed_and_documented():
    pkg = Path(paifu.__file__).parent
    assert (pkg / "py.typed").is_file()
    stub = (pkg / "__init__.pyi").read_text()
    for name in paifu.__all__:
        assert re.search(rf"\b{re.escape(name)}\b", stub), f"{name} missing from __init__.pyi"
        obj = getattr(paifu, name)
        if callable(obj):
            assert obj.__doc__, f"{name} has no docstring"


def test_exceptions():
    assert issubclass(paifu.ImportError, paifu.PaifuError)
    assert issubclass(paifu.RulesError, paifu.PaifuError)
    assert issubclass(paifu.ScoreError, paifu.PaifuError)
    assert issubclass(paifu.PaifuError, Exception)
