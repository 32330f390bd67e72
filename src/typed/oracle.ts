/**
 * The model's type oracle under typed linting: answers from the checker of the file's parser
 * services (when the file has a program; otherwise the syntactic "no"). No `typescript` import:
 * the syntactic configs load this module too.
 */
import type { TypeOracle } from "../model/index.js";
import { isMcpClientMethod, isMethodOfNonMcpDependency, isOwnMcpServerMethod } from "./receiver.js";
import { namesToolResultType } from "./result-types.js";
import { constructedAnswerText } from "./constructed-answers.js";
import { failureMessageArgument, isFallbackArgument } from "./failure-messages.js";
import { errorClassByType, fieldMayBe, givesBackCallback, isAddressByType, isFetchByType, isResponseByType, returnsNever } from "./values.js";

export const TYPE_ORACLE: TypeOracle = {
  isMethodOfNonMcpDependency,
  isOwnMcpServerMethod,
  constructedAnswerText,
  failureMessageArgument,
  isUpstreamResponse: isResponseByType,
  isFetchFunction: isFetchByType,
  isAddressText: isAddressByType,
  isMcpClientMethod,
  isToolResultType: namesToolResultType,
  errorClassMade: errorClassByType,
  returnsNever,
  isFallbackArgument,
  fieldMayBe,
  givesBackCallback,
};
