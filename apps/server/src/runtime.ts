// The portal runs on the Node LTS that `npm install` brings as a package (devDependency "node",
// node_modules/.bin/node), whatever Node the machine has: npm puts that binary first on PATH for
// every script, so `npm start` and `npm test` use it (docs/decisions/0023). Started by hand with an
// older Node, the server would fail later and darkly (node:sqlite is missing before 22.5): say so.
export const REQUIRED_NODE_MAJOR = 24;

export function runtimeProblem(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `The portal runs on Node ${REQUIRED_NODE_MAJOR} LTS; this is Node ${version}. ` +
    'Start it with `npm start` (npm runs the Node that `npm install` put in node_modules/.bin), ' +
    'or run node_modules/.bin/node yourself.'
  );
}
