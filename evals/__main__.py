"""`make eval`: retrieval on the tune questions, then the answering pipeline on the tune and check sets."""
from __future__ import annotations

import sys

from . import pipeline, retrieval

if __name__ == "__main__":
    sys.exit(retrieval.main([]) or pipeline.main(sys.argv[1:]))
