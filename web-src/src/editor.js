// The rule editor's code editor: CodeMirror 6 with line numbers, YAML highlighting, the server's
// problems marked in the gutter and underlined (each one clickable in the list beside), and keys
// completed from the game file schema. Built by build.mjs into interpreter/web/static/editor.js,
// where it is the global SpielwerkEditor; the page's own script (edit.js) drives it.

import {EditorState} from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
} from "@codemirror/view";
import {defaultKeymap, history, historyKeymap, indentWithTab} from "@codemirror/commands";
import {
  syntaxHighlighting, defaultHighlightStyle, indentOnInput, bracketMatching, foldGutter, foldKeymap,
} from "@codemirror/language";
import {yaml} from "@codemirror/lang-yaml";
import {lintGutter, setDiagnostics, lintKeymap} from "@codemirror/lint";
import {autocompletion, completionKeymap, closeBrackets, closeBracketsKeymap} from "@codemirror/autocomplete";
import {searchKeymap, highlightSelectionMatches} from "@codemirror/search";

// -- completion of keys from the JSON schema -----------------------------------------------------

// The schema node a $ref names ("#/$defs/board").
function deref(schema, node, depth = 0) {
  while (node && node.$ref && depth < 20) {
    const parts = node.$ref.replace(/^#\//, "").split("/");
    node = parts.reduce((at, key) => (at ? at[key] : undefined), schema);
    depth += 1;
  }
  return node || {};
}

// Every object shape a node may take (through anyOf, oneOf, allOf, if/then/else).
function shapes(schema, node, out = [], depth = 0) {
  node = deref(schema, node);
  if (depth > 12 || out.includes(node)) return out;
  out.push(node);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const sub of node[key] || []) shapes(schema, sub, out, depth + 1);
  }
  for (const key of ["then", "else"]) if (node[key]) shapes(schema, node[key], out, depth + 1);
  return out;
}

// The keys (with their descriptions) a mapping at `path` may hold; a path step "[]" is a list item.
function keysAt(schema, path) {
  let nodes = [schema];
  for (const step of path) {
    const next = [];
    for (const node of nodes) {
      for (const shape of shapes(schema, node)) {
        if (step === "[]") {
          if (shape.items) next.push(shape.items);
        } else if (shape.properties && shape.properties[step]) {
          next.push(shape.properties[step]);
        } else if (shape.additionalProperties && typeof shape.additionalProperties === "object") {
          next.push(shape.additionalProperties);
        } else if (shape.patternProperties) {
          next.push(...Object.values(shape.patternProperties));
        }
      }
    }
    nodes = next;
    if (!nodes.length) return [];
  }
  const found = new Map();
  for (const node of nodes) {
    for (const shape of shapes(schema, node)) {
      for (const [key, sub] of Object.entries(shape.properties || {})) {
        if (!found.has(key)) found.set(key, deref(schema, sub).description || sub.description || "");
      }
    }
  }
  return [...found.entries()];
}

// The path of keys leading to the line `lineNo`, read from the indentation of the lines above.
function pathAt(doc, lineNo, indent, inItem) {
  const path = [];
  let want = indent;
  if (inItem) path.unshift("[]");
  for (let n = lineNo - 1; n >= 1 && want > 0; n--) {
    const text = doc.line(n).text;
    if (!text.trim() || text.trim().startsWith("#")) continue;
    const lead = text.length - text.trimStart().length;
    if (lead >= want) continue;
    const body = text.trimStart();
    const dash = body.startsWith("- ");
    const key = /^(?:- )?([A-Za-z_][\w-]*)\s*:/.exec(body);
    if (dash && key) {
      // "- key: ..." opens a list item whose mapping holds key; deeper lines belong to that item
      const itemIndent = lead + 2;
      if (itemIndent <= want && want > lead + 2) path.unshift(key[1]);
      path.unshift("[]");
      want = lead;
      continue;
    }
    if (key) path.unshift(key[1]);
    else if (dash) path.unshift("[]");
    want = lead;
  }
  return path;
}

function schemaCompletion(getSchema) {
  return (context) => {
    const schema = getSchema();
    if (!schema) return null;
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const m = /^(\s*)(- )?([A-Za-z_][\w-]*)?$/.exec(before);
    if (!m) return null;
    if (!m[3] && !context.explicit) return null;
    const indent = m[1].length + (m[2] ? 2 : 0);
    const path = pathAt(context.state.doc, line.number, indent, !!m[2]);
    const keys = keysAt(schema, path);
    if (!keys.length) return null;
    return {
      from: context.pos - (m[3] || "").length,
      options: keys.map(([label, info]) => ({label, type: "property", apply: label + ": ", info: info || undefined})),
      validFor: /^[\w-]*$/,
    };
  };
}

// -- the editor ----------------------------------------------------------------------------------

// The editor lives in a shadow root of `parent`: there CodeMirror's styles go into a constructed
// style sheet, which the pages' Content-Security-Policy (style-src 'self') allows, where a <style>
// element in the document would be refused.
const size = EditorView.theme({
  "&": {height: "68vh", backgroundColor: "#fff"},
  ".cm-scroller": {fontFamily: "ui-monospace, monospace", fontSize: "14px"},
});

function create(parent, options) {
  let schema = null;
  const onChange = options.onChange || (() => {});
  const root = parent.attachShadow({mode: "open"});
  const view = new EditorView({
    parent: root,
    root,
    state: EditorState.create({
      doc: options.text || "",
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), foldGutter(), lintGutter(), history(), drawSelection(),
        indentOnInput(), bracketMatching(), closeBrackets(), highlightActiveLine(), highlightSelectionMatches(),
        syntaxHighlighting(defaultHighlightStyle, {fallback: true}), yaml(),
        EditorState.tabSize.of(2), size,
        autocompletion({override: [schemaCompletion(() => schema)]}),
        keymap.of([indentWithTab, ...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap,
          ...foldKeymap, ...completionKeymap, ...lintKeymap]),
        EditorView.updateListener.of((update) => { if (update.docChanged) onChange(); }),
        EditorView.contentAttributes.of({"aria-label": options.label || "game file", spellcheck: "false"}),
      ],
    }),
  });
  return {
    view,
    getText: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: text}});
    },
    setSchema(value) { schema = value; },
    // problems: [{line, col, message}] (1-based), shown in the gutter and underlined
    setProblems(problems) {
      const doc = view.state.doc;
      const diagnostics = problems.map((p) => {
        const line = doc.line(Math.min(Math.max(1, p.line || 1), doc.lines));
        const from = Math.min(line.from + Math.max(0, (p.col || 1) - 1), line.to);
        const word = /^[^\s:,\]}]*/.exec(doc.sliceString(from, line.to))[0].length;
        return {from, to: Math.max(from + word, Math.min(from + 1, line.to)), severity: "error", message: p.message};
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    goTo(lineNo, col) {
      const doc = view.state.doc;
      const line = doc.line(Math.min(Math.max(1, lineNo), doc.lines));
      const pos = Math.min(line.from + Math.max(0, col - 1), line.to);
      view.dispatch({selection: {anchor: pos}, scrollIntoView: true});
      view.focus();
    },
    // for tests and tools: the keys the completion offers at a path of keys
    keysAt: (path) => (schema ? keysAt(schema, path).map(([k]) => k) : []),
  };
}


window.SpielwerkEditor = {create};
