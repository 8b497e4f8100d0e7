"""Settings: explicit dict over environment over defaults; fold mode follows the Redis."""
from __future__ import annotations

import pytest

from rules.errors import InvalidRequest
from service.settings import DEFAULT_DATA_DIR, load_settings


def test_defaults_without_redis_url_are_embedded_and_inline():
    s = load_settings({}, environ={})
    assert s.redis_url is None and s.embedded
    assert s.data_dir == DEFAULT_DATA_DIR
    assert s.fold_mode == "inline"
    assert s.max_wait == 30.0


def test_redis_url_from_environment_defaults_to_rq():
    s = load_settings({}, environ={"REDIS_URL": "redis://example:6379/2"})
    assert s.redis_url == "redis://example:6379/2" and not s.embedded
    assert s.fold_mode == "rq"


def test_a_cluster_url_folds_inline_and_refuses_rq():
    """RQ cannot run on a Redis Cluster (ops/README.md): inline by default, rq refused."""
    s = load_settings({}, environ={"REDIS_URL": "redis+cluster://node-1:7000"})
    assert s.fold_mode == "inline" and not s.embedded
    with pytest.raises(InvalidRequest, match="RQ does not run on a Redis Cluster"):
        load_settings({"SUBSPACE_FOLD_MODE": "rq"}, environ={"REDIS_URL": "rediss+cluster://node-1:7000"})


def test_explicit_settings_override_environment():
    s = load_settings({"SUBSPACE_FOLD_MODE": "inline", "SUBSPACE_DATA_DIR": "/tmp/x"},
                      environ={"REDIS_URL": "redis://r", "SUBSPACE_FOLD_MODE": "rq", "SUBSPACE_DATA_DIR": "/y"})
    assert s.fold_mode == "inline" and s.data_dir == "/tmp/x" and s.redis_url == "redis://r"


def test_empty_environment_values_count_as_unset():
    s = load_settings({}, environ={"REDIS_URL": "", "SUBSPACE_FOLD_MODE": ""})
    assert s.redis_url is None and s.fold_mode == "inline"


def test_unknown_fold_mode_is_refused():
    with pytest.raises(InvalidRequest) as info:
        load_settings({"SUBSPACE_FOLD_MODE": "lazy"}, environ={})
    assert info.value.code == "invalid_setting"


def test_max_wait_is_capped_and_must_be_a_number():
    assert load_settings({"SUBSPACE_MAX_WAIT": "600"}, environ={}).max_wait == 30.0
    assert load_settings({"SUBSPACE_MAX_WAIT": "2.5"}, environ={}).max_wait == 2.5
    with pytest.raises(InvalidRequest):
        load_settings({"SUBSPACE_MAX_WAIT": "soon"}, environ={})


def test_each_web_worker_freezes_what_it_loaded_so_full_collections_stay_short():
    """``post_worker_init`` loads the game engines and ``gc.freeze``s them (service/server.py)."""
    import gc

    from service.server import freeze_after_load, gunicorn_options

    assert gunicorn_options({})["post_worker_init"] is freeze_after_load
    try:
        freeze_after_load()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
