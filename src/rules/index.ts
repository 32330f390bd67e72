import type { TSESLint } from "@typescript-eslint/utils";
import type { McpErrorsRuleDocs } from "../util/create-rule.js";
import noErrorOnEmptyResult from "./no-error-on-empty-result.js";
import noGenericErrorMessage from "./no-generic-error-message.js";
import noRetryablePermanentError from "./no-retryable-permanent-error.js";
import requireErrorClassification from "./require-error-classification.js";
import requireTimeout from "./require-timeout.js";

/** Every rule of the plugin, keyed by id (= file name in this folder). */
export const rules: Record<string, TSESLint.RuleModule<string, readonly unknown[], McpErrorsRuleDocs>> = {
  "no-error-on-empty-result": noErrorOnEmptyResult,
  "no-generic-error-message": noGenericErrorMessage,
  "no-retryable-permanent-error": noRetryablePermanentError,
  "require-error-classification": requireErrorClassification,
  "require-timeout": requireTimeout,
};
