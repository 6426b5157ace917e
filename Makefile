# `make install PREFIX=…` is scripts/install; `make test` is scripts/test.
PREFIX ?= /usr/local

.PHONY: install test
install:
	scripts/install --prefix "$(PREFIX)"
test:
	scripts/test
