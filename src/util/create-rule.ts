import { ESLintUtils } from "@typescript-eslint/utils";

/** Extra `meta.docs` fields our rules declare; configs are derived from them. */
export interface McpErrorsRuleDocs {
  /** The config that first turns the rule on: `recommended` implies `strict` and `all`. */
  recommended?: "recommended" | "strict";
  /** The rule needs type information (only in the `*-type-checked` configs). */
  requiresTypeChecking?: boolean;
}

const REPO_URL = "https://github.com/eslint-plugin-mcp-errors/eslint-plugin-mcp-errors";

/** `RuleCreator` that points `docs.url` at the rule's page in `docs/rules/`. */
export const createRule = ESLintUtils.RuleCreator<McpErrorsRuleDocs>(
  (name) => `${REPO_URL}/blob/main/docs/rules/${name}.md`,
);
