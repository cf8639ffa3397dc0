"""ttr.store.paths: bundled folders next to the checkout, user folders under TTR_HOME."""

from __future__ import annotations

from pathlib import Path

from ttr.store import paths


def test_bundled_folders_are_found() -> None:
    assert (paths.maps_dir() / "usa.yaml").is_file()
    assert (paths.maps_dir() / "europe.yaml").is_file()
    assert (paths.assets_dir() / "fonts").is_dir()


def test_ttr_home_holds_every_user_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TTR_HOME", str(tmp_path))
    for folder in (paths.config_dir(), paths.data_dir(), paths.log_dir(),
                   paths.user_maps_dir(), paths.saves_dir(), paths.records_dir()):
        assert tmp_path in folder.parents
    assert paths.user_maps_dir() == paths.data_dir() / "maps"
    assert paths.settings_path().parent == paths.config_dir()
    assert not paths.config_dir().exists()  # computing a path creates nothing
    made = paths.ensure_dir(paths.saves_dir())
    assert made.is_dir()
    text = paths.describe_paths()
    assert str(paths.user_maps_dir()) in text and str(paths.maps_dir()) in text
    assert "TTR_HOME" in text


def test_without_ttr_home_platformdirs_are_used(monkeypatch) -> None:
    monkeypatch.delenv("TTR_HOME", raising=False)
    for folder in (paths.config_dir(), paths.data_dir(), paths.log_dir()):
        assert isinstance(folder, Path) and "ttr" in folder.parts


def test_installed_layout_falls_back_to_package_data(tmp_path, monkeypatch) -> None:
    pkg = tmp_path / "site-packages" / "ttr"
    (pkg / "_data" / "maps").mkdir(parents=True)
    (tmp_path / "site-packages" / "maps").mkdir()  # someone else's folder: not ours
    monkeypatch.setattr(paths, "_package_dir", lambda: pkg)
    assert paths.maps_dir() == pkg / "_data" / "maps"
    assert paths.assets_dir() == pkg / "_data" / "assets"
