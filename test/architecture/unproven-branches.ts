// Finds the places in test bodies where a test can pass without running the assertions it holds
// (issue 38, "tests that can fail"). A test body is the callback given to it/test (also .each,
// .for, .concurrent, .only, and the itOnPostgres/itRequiring wrappers of
// test/helpers/requires-postgres.ts); nested functions (helpers, .map callbacks) are not looked into.
//
// - a conditional assertion: an `if` with an assertion (expect) on one side and none on the other.
//   When the condition never holds, the assertion never runs and the test still passes. Not
//   flagged when the asserting side records that it ran (`n++`, `n += …`, `n = …`, `list.push(…)`,
//   `set.add(…)`, `map.set(…)`) into a variable that an assertion after the `if` reads.
// - an early `return` that skips assertions after it in the test body, and a `break` or `continue`
//   that skips assertions after it in its loop. Not flagged when the exiting side asserts too
//   (`if (done) { expect(…); break; }`): then every path asserts something.
import ts from "typescript";

export type Finding = { file: string; line: number; test: string; kind: "conditional assertion" | "early return" | "break" | "continue"; code: string };

const TEST_CALLEES = new Set(["it", "test", "itOnPostgres", "itRequiring"]);
const MODIFIERS = new Set(["each", "for", "concurrent", "only", "skip", "skipIf", "runIf", "sequential", "fails"]);

/** it(...), test.concurrent(...), it.each(rows)(...), it.skipIf(x)(...): does this call declare a test? */
function isTestCall(call: ts.CallExpression): boolean {
  let callee: ts.Expression = call.expression;
  if (ts.isCallExpression(callee)) callee = callee.expression; // it.each(rows)("name", fn)
  while (ts.isPropertyAccessExpression(callee) && MODIFIERS.has(callee.name.text)) callee = callee.expression;
  return ts.isIdentifier(callee) && TEST_CALLEES.has(callee.text);
}

const isFunction = (n: ts.Node) =>
  ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n) || ts.isConstructorDeclaration(n) || ts.isClassDeclaration(n);

const isLoop = (n: ts.Node) => ts.isForStatement(n) || ts.isForOfStatement(n) || ts.isForInStatement(n) || ts.isWhileStatement(n) || ts.isDoStatement(n);

/** The expect(...) calls in this node (expect, expect.soft, expect(…).resolves…), outside nested functions. */
function assertionsIn(node: ts.Node): ts.CallExpression[] {
  const found: ts.CallExpression[] = [];
  const visit = (n: ts.Node) => {
    if (isFunction(n)) return;
    if (ts.isCallExpression(n)) {
      let callee: ts.Expression = n.expression;
      while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
      if (ts.isIdentifier(callee) && callee.text === "expect") found.push(n);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

const rootName = (e: ts.Expression): string | null => {
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : null;
};

/** Variables this node records into: `n++`, `n += 1`, `n = …`, `xs.push(…)`, `s.add(…)`, `m.set(…)`. */
function recordsIn(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node) => {
    if (isFunction(n)) return;
    if ((ts.isPostfixUnaryExpression(n) || ts.isPrefixUnaryExpression(n)) && (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)) {
      const name = rootName(n.operand);
      if (name) names.add(name);
    }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const name = rootName(n.left);
      if (name) names.add(name);
    }
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ["push", "add", "set"].includes(n.expression.name.text)) {
      const name = rootName(n.expression.expression);
      if (name) names.add(name);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

const mentions = (node: ts.Node, names: Set<string>): boolean => {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isIdentifier(n) && names.has(n.text)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
};

export function findUnprovenBranches(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node, test: string, kind: Finding["kind"]) => {
    const code = node.getText(source).split("\n")[0].trim();
    findings.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, test, kind, code });
  };

  const scanBody = (body: ts.Block, test: string) => {
    const bodyAssertions = assertionsIn(body);
    const assertsAfter = (pos: number, within: readonly ts.CallExpression[]) => within.some((a) => a.getStart(source) >= pos);

    /** The exiting side asserts too: the nearest `if` branch holding the exit (inside `stop`) has an assertion. */
    const exitSideAsserts = (exit: ts.Node, stop: ts.Node) => {
      for (let n: ts.Node = exit; n !== stop && n.parent; n = n.parent) {
        const parent = n.parent;
        if (ts.isIfStatement(parent) && (parent.thenStatement === n || parent.elseStatement === n)) return assertionsIn(n).length > 0;
      }
      return false;
    };

    const visit = (n: ts.Node, loop: ts.Node | null) => {
      if (isFunction(n)) return;
      if (ts.isIfStatement(n)) {
        const sides = [n.thenStatement, n.elseStatement ?? null];
        // An `else if` is its own `if`: it counts as asserting when any of its sides does.
        const asserting = sides.map((s) => (s ? assertionsIn(s).length > 0 : false));
        if (asserting[0] !== asserting[1]) {
          const side = sides[asserting[0] ? 0 : 1]!;
          const recorded = recordsIn(side);
          const proven = recorded.size > 0 && bodyAssertions.some((a) => a.getStart(source) >= n.getEnd() && mentions(a, recorded));
          if (!proven) report(n, test, "conditional assertion");
        }
      }
      if (ts.isReturnStatement(n) && n.parent !== body && assertsAfter(n.getEnd(), bodyAssertions) && !exitSideAsserts(n, body)) report(n, test, "early return");
      if ((ts.isBreakStatement(n) || ts.isContinueStatement(n)) && loop && assertsAfter(n.getEnd(), assertionsIn(loop)) && !exitSideAsserts(n, loop)) {
        report(n, test, ts.isBreakStatement(n) ? "break" : "continue");
      }
      // A `break` in a switch leaves the switch, not the loop around it.
      const inner = isLoop(n) ? n : ts.isSwitchStatement(n) ? null : loop;
      ts.forEachChild(n, (c) => visit(c, inner));
    };
    for (const statement of body.statements) visit(statement, null);
  };

  const walk = (n: ts.Node) => {
    if (ts.isCallExpression(n) && isTestCall(n)) {
      const fn = [...n.arguments].reverse().find((a): a is ts.ArrowFunction | ts.FunctionExpression => ts.isArrowFunction(a) || ts.isFunctionExpression(a));
      const title = n.arguments.find((a) => ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a) || ts.isTemplateExpression(a));
      const name = !title ? "(untitled)" : ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title) ? title.text : title.getText(source);
      if (fn && ts.isBlock(fn.body)) scanBody(fn.body, name);
    }
    ts.forEachChild(n, walk);
  };
  walk(source);
  return findings;
}
