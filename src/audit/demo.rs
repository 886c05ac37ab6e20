//! `croupier demo`: fills a database with realistic play (placeholder, filled below).
