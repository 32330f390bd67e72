/** The names of the report formats, apart from their code so that argument parsing loads none of it. */
export const FORMATS = ["stylish", "json", "sarif", "markdown"] as const;
export type Format = (typeof FORMATS)[number];
