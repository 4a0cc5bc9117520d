"""Corpus loading and validation, normalisation, tokenising, embedders, index build and retrieval."""
