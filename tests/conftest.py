"""Fixtures for the whole suite: a PostgreSQL database for the tests that need one, and the
one-off import behind the review's stated errors done before any test is timed.

``pg_url`` is a fresh database on a throwaway cluster this test session starts itself (one per
xdist worker, only if a test asks for it) and stops at the end; with ``TURNBUCKLE_TEST_PG`` set to
a URL, that server's database is used instead (shared by every test). Skipped only where no
PostgreSQL binaries are installed (``apt-get install postgresql``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest

from support.postgres import Cluster, find_binaries


@pytest.fixture(scope="session")
def pg_database() -> Iterator[Callable[[], str]]:
    """Makes PostgreSQL databases: each call gives the URL of a new, empty one."""
    given = os.environ.get("TURNBUCKLE_TEST_PG", "")
    if given:
        yield lambda: given
        return
    binaries = find_binaries()
    if binaries is None:
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl): apt-get install postgresql, or set TURNBUCKLE_TEST_PG")
    cluster = Cluster(binaries)
    try:
        cluster.start()
        yield cluster.new_database
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_database: Callable[[], str]) -> str:
    """The URL of an empty PostgreSQL database for this test."""
    return pg_database()


def pytest_configure(config: pytest.Config) -> None:
    """Pay once, before any test, for the stated errors' first use: it imports ``scipy.special``
    (``values.small_sample_factor``, imported lazily so the CLI starts fast), about a second on a
    loaded machine, which would otherwise land inside whichever hypothesis example came first
    and break its deadline."""
    from turnbuckle.analysis.review.values import small_sample_factor

    small_sample_factor(16)
