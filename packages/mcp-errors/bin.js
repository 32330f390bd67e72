#!/usr/bin/env node
// The `mcp-errors` command of eslint-plugin-mcp-errors, installed with what it needs to audit a
// TypeScript server with no setup: ESLint, TypeScript and typescript-eslint's parser. The plugin
// itself leaves TypeScript out, so that a plain JavaScript project does not get it.
import "eslint-plugin-mcp-errors/cli";
