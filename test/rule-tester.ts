import path from "node:path";
import { fileURLToPath } from "node:url";
import { RuleTester } from "@typescript-eslint/rule-tester";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "typed");

/** A RuleTester for syntactic rules: TypeScript parser, no type information. */
export function createRuleTester(): RuleTester {
  return new RuleTester();
}

/**
 * A RuleTester with type information: the fixture project has a small `.d.ts` stub of the MCP SDK
 * surface, so typed tests do not depend on an installed SDK version. Test code is linted as
 * `file.ts` inside that project.
 */
export function createTypedRuleTester(): RuleTester {
  return new RuleTester({
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: fixtures,
      },
    },
  });
}
