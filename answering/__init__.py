"""Answering layer: Query, game and scope, retrieval use, rule and fact routing, slot extraction, answer composition."""
