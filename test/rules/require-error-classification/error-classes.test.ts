/**
 * `require-error-classification`: what a thrown error's class tells on its way out.
 * - `if (e instanceof Error) throw e` rethrows every error class named so (`NotFoundError`), not
 *   only `new Error(...)`: such a class extends `Error`.
 * - An error factory (`throw notFound(id)`, `throw preflightError(detail)`) that constructs an error
 *   class is judged as that class.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/require-error-classification.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

const FASTMCP = `import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "docs", version: "1.0.0" });
class NotFoundError extends Error {}
`;

/** A handler whose catch rethrows what `test` selects and answers the rest with a classified result. */
const rethrowing = (thrown: string, test: string, helpers = ""): string => `${FASTMCP}${helpers}
async function loadDoc(id: string) {
  if (!id.startsWith("doc-")) throw ${thrown};
  return "text";
}
server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadDoc(id);
  } catch (error) {
    if (${test}) throw error;
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: "The docs service failed." }) }] };
  }
} });`;

const NOT_FOUND = `function notFound(id: string) {
  return new NotFoundError(\`There is no document \${id}: ids start with "doc-"\`);
}
`;

/** A classified answer for every failure of the docs service. */
const DOCS_FAILED =
  'return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: "The docs service failed." }) }] };';

/** A FastMCP tool that loads a document of another file, with `catchBody` in its catch. */
const docsCatch = (catchBody: string): string => `import { FastMCP } from "fastmcp";
import { DocsError, loadDoc } from "./docs.js";
const server = new FastMCP({ name: "docs", version: "1.0.0" });
server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadDoc(id);
  } catch (error) {
${catchBody}
  }
} });`;

describe("require-error-classification: error classes through catches", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [
      // Past `if (!(e instanceof DocsError)) return ...`, the rethrow sends on DocsErrors only, judged where they are thrown.
      {
        code: docsCatch(`    if (!(error instanceof DocsError)) {
      ${DOCS_FAILED}
    }
    throw error;`),
      },
      // Under `e instanceof DocsError && ...`, the rethrow sends on DocsErrors only.
      {
        code: docsCatch(`    if (error instanceof DocsError && error.name === "DocsError") throw error;
    ${DOCS_FAILED}`),
      },
      // A test of another class lets the NotFoundError reach the classified answer.
      { code: rethrowing('new NotFoundError(`There is no document ${id}: ids start with "doc-"`)', "error instanceof TypeError") },
      // A method that sets a code on the error it builds may classify it.
      {
        code: `${FASTMCP}class DocsTools {
  register(server: FastMCP) {
    server.addTool({ name: "get_doc", execute: async ({ id }) => {
      try {
        return id;
      } catch (error) {
        throw this.wrapError("Loading failed", error);
      }
    } });
  }
  private wrapError(message: string, error: unknown): Error {
    const wrapped = new Error(\`\${message}: \${String(error)}\`);
    wrapped.code = "DOCS_UNAVAILABLE";
    return wrapped;
  }
}
new DocsTools().register(server);`,
      },
      // A factory that builds no error class: what it throws is not known.
      {
        code: rethrowing("failure(id)", "error instanceof Error", 'function failure(id: string) {\n  return { code: "NOT_FOUND", id };\n}\n'),
      },
    ],
    invalid: [
      {
        code: rethrowing('new NotFoundError(`There is no document ${id}: ids start with "doc-"`)', "error instanceof Error"),
        errors: [{ messageId: "unclassifiedThrow", line: 6 }],
      },
      {
        code: rethrowing("notFound(id)", "error instanceof Error", NOT_FOUND),
        errors: [{ messageId: "unclassifiedThrow", line: 9 }],
      },
      {
        // Thrown straight out of the handler, the factory's error is as unclassified as the class's.
        code: `${FASTMCP}${NOT_FOUND}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  if (!id.startsWith("doc-")) throw notFound(id);
  return "text";
} });`,
        errors: [{ messageId: "unclassifiedThrow", line: 8 }],
      },
      {
        // A factory named like an error (`preflightError`), not capitalised like a class: what it builds is what counts.
        code: `${FASTMCP}function preflightError(detail: string) {
  return new Error(\`Stopped before posting.\\n\\n\${detail}\`);
}
server.addTool({ name: "post_invoice", execute: async ({ lines }) => {
  if (lines.length > 100) throw preflightError("An invoice holds at most 100 lines.");
  return "posted";
} });`,
        errors: [{ messageId: "unclassifiedThrow", line: 8 }],
      },
      {
        // A method of the class that builds the error in a `const`, setting only its stack, and returns it.
        code: `${FASTMCP}class DocsTools {
  register(server: FastMCP) {
    server.addTool({ name: "get_doc", execute: async ({ id }) => {
      try {
        return await this.load(id);
      } catch (error) {
        throw this.wrapError(\`Loading \${id} failed\`, error);
      }
    } });
  }
  private async load(id: string): Promise<string> {
    return id;
  }
  private wrapError(message: string, error: unknown): Error {
    if (error instanceof Error) {
      const wrapped = new Error(\`\${message}: \${error.message}\`);
      wrapped.stack = error.stack;
      return wrapped;
    }
    return new Error(\`\${message}: \${String(error)}\`);
  }
}
new DocsTools().register(server);`,
        errors: [{ messageId: "unclassifiedThrow", line: 10 }],
      },
    ],
  });
});
