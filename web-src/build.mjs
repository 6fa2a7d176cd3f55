// Builds the rule editor's bundle: src/editor.js and the CodeMirror packages it imports, into one
// minified file in the Python package's static folder, with the licences of what went into it.
// Run `npm ci && npm run build` here after changing src/ or the packages; commit the results.
import {build} from "esbuild";
import {readFileSync, writeFileSync, existsSync} from "node:fs";
import {dirname, join} from "node:path";
import {fileURLToPath} from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "interpreter", "web", "static");

const result = await build({
  entryPoints: [join(here, "src", "editor.js")],
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  outfile: join(out, "editor.js"),
  legalComments: "none",
  metafile: true,
  banner: {js: "/* Spielwerk's rule editor: CodeMirror 6 and its packages (MIT; see editor.LICENSE.txt), built by web-src/build.mjs */"},
});

// Every package with code in the bundle, with its licence text.
const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m) packages.set(m[1], true);
}
const parts = ["The rule editor's bundle (editor.js) holds these packages from the npm registry, each under its licence:\n"];
for (const name of [...packages.keys()].sort()) {
  const folder = join(here, "node_modules", name);
  const meta = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  const file = ["LICENSE", "LICENSE.md", "LICENSE.txt", "license"].map((f) => join(folder, f)).find(existsSync);
  parts.push(`\n== ${name} ${meta.version} (${meta.license}) ==\n\n` + (file ? readFileSync(file, "utf8").trim() : "(no licence file)") + "\n");
}
writeFileSync(join(out, "editor.LICENSE.txt"), parts.join(""));
console.log(`editor.js: ${packages.size} packages`);
