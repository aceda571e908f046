// The strict half of the schema check: a field the Kubernetes API does not know (a typo such as
// `readinesProbe`, or a field at the wrong level) is dropped by the API server without a word, and the
// compiled JSON schemas of kubernetes-models let it pass. The same packages ship the API's types as
// TypeScript declarations: every field of a rendered object is looked up in them with the compiler.
import { existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './kustomize-lite.js';
import { modelFile } from './schemas.js';

const virtualFile = path.join(import.meta.dirname, '__fields__.ts');

/** The fields of `objects` that their kind's API type does not have, as `Kind/name: path`. */
export function unknownFields(objects: K8sObject[]): string[] {
  const kinds = [...new Set(objects.map((object) => `${object.apiVersion} ${object.kind}`))];
  const declarations = kinds.map((key) => {
    const [apiVersion, kind] = key.split(' ') as [string, string];
    const file = modelFile(apiVersion, kind)?.replace(/\.mjs$/, '.d.ts');
    return { key, kind, file: file && existsSync(file) ? file : undefined };
  });
  const source = declarations
    .map(({ kind, file }, index) =>
      file
        ? `import type { I${kind} as T${index} } from ${JSON.stringify(file.replace(/\.d\.ts$/, ''))};\n` +
          `export declare const v${index}: T${index};\n`
        : '',
    )
    .join('');

  const options: ts.CompilerOptions = {
    noEmit: true,
    skipLibCheck: true,
    strict: true,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => (name === virtualFile ? source : readFile(name));
  host.fileExists = (name) => name === virtualFile || fileExists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) =>
    name === virtualFile
      ? ts.createSourceFile(name, source, language)
      : getSourceFile(name, language);
  const program = ts.createProgram([virtualFile], options, host);
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(virtualFile)!;

  const typeOf = new Map<string, ts.Type>();
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const declaration = statement.declarationList.declarations[0]!;
    const index = Number(declaration.name.getText(sourceFile).slice(1));
    typeOf.set(declarations[index]!.key, checker.getTypeAtLocation(declaration));
  }

  const problems: string[] = [];
  for (const object of objects) {
    const type = typeOf.get(`${object.apiVersion} ${object.kind}`);
    if (!type) continue; // no declarations: the schema check already says there is no schema
    walk(checker, object, type, '', (field) =>
      problems.push(`${object.kind}/${object.metadata.name}: unknown field ${field}`),
    );
  }
  return problems;
}

function walk(
  checker: ts.TypeChecker,
  value: unknown,
  type: ts.Type,
  at: string,
  report: (field: string) => void,
): void {
  const members = (type.isUnion() ? type.types : [type]).filter(
    (member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)),
  );
  if (Array.isArray(value)) {
    for (const member of members) {
      const element = checker.getIndexTypeOfType(member, ts.IndexKind.Number);
      if (!element) continue;
      value.forEach((item, index) => walk(checker, item, element, `${at}[${index}]`, report));
      return;
    }
    return;
  }
  if (!value || typeof value !== 'object') return;
  const objects = members.filter((member) => member.flags & ts.TypeFlags.Object);
  if (objects.length === 0) return; // any, unknown, or a scalar type: nothing to say
  for (const [key, child] of Object.entries(value)) {
    const property = objects
      .map((member) => checker.getPropertyOfType(member, key))
      .find((symbol) => symbol !== undefined);
    if (property) {
      walk(checker, child, checker.getTypeOfSymbol(property), `${at}.${key}`, report);
      continue;
    }
    const indexed = objects
      .map((member) => checker.getIndexTypeOfType(member, ts.IndexKind.String))
      .find((indexType) => indexType !== undefined);
    if (indexed) walk(checker, child, indexed, `${at}.${key}`, report);
    else report(`${at}.${key}`.slice(1));
  }
}
