import type { TSESLint } from "@typescript-eslint/utils";
import type { McpErrorsRuleDocs } from "../util/create-rule.js";
import noBlindRetry from "./no-blind-retry.js";
import noEmptyToolResult from "./no-empty-tool-result.js";
import noErrorDetailsLeak from "./no-error-details-leak.js";
import noErrorOnEmptyResult from "./no-error-on-empty-result.js";
import noGenericErrorMessage from "./no-generic-error-message.js";
import noInvisibleErrorMetadata from "./no-invisible-error-metadata.js";
import noProtocolErrorInTool from "./no-protocol-error-in-tool.js";
import noRetryablePermanentError from "./no-retryable-permanent-error.js";
import noSwallowedFailure from "./no-swallowed-failure.js";
import preferPartialResults from "./prefer-partial-results.js";
import requireErrorClassification from "./require-error-classification.js";
import requireRetryAfter from "./require-retry-after.js";
import requireTimeout from "./require-timeout.js";
import requireValidationDetail from "./require-validation-detail.js";

/** Every rule of the plugin, keyed by id (= file name in this folder). */
export const rules: Record<string, TSESLint.RuleModule<string, readonly unknown[], McpErrorsRuleDocs>> = {
  "no-blind-retry": noBlindRetry,
  "no-empty-tool-result": noEmptyToolResult,
  "no-error-details-leak": noErrorDetailsLeak,
  "no-error-on-empty-result": noErrorOnEmptyResult,
  "no-generic-error-message": noGenericErrorMessage,
  "no-invisible-error-metadata": noInvisibleErrorMetadata,
  "no-protocol-error-in-tool": noProtocolErrorInTool,
  "no-retryable-permanent-error": noRetryablePermanentError,
  "no-swallowed-failure": noSwallowedFailure,
  "prefer-partial-results": preferPartialResults,
  "require-error-classification": requireErrorClassification,
  "require-retry-after": requireRetryAfter,
  "require-timeout": requireTimeout,
  "require-validation-detail": requireValidationDetail,
};
