"""`make eval`: retrieval on the dev questions, then the answering pipeline on the tune and check sets."""
from __future__ import annotations

import sys

from . import pipeline, retrieval

if __name__ == "__main__":
    status = retrieval.main([a for a in sys.argv[1:] if a != "--misses"] + (["--misses"] if "--misses" in sys.argv else []))
    sys.exit(status or pipeline.main())
