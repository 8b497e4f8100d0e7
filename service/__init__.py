"""The HTTP API: Flask app factory (``service.app.create_app``), one blueprint per
resource, the errors→HTTP mapping (``service.errors``), seat tokens (``service.auth``) and
the ``subspace`` command line (``service.cli``)."""
from __future__ import annotations
