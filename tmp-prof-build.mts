import { build } from 'esbuild';
import { lambdaEsbuildApiOptions, lambdaDefine } from '/work/main/infra/stack/bundling.js';
const handler = process.argv[2]!;
await build({ absWorkingDir: '/work/main', entryPoints: [handler], outfile: `/tmp/prof/${handler.replace(/\W/g, '_')}.mjs`, ...lambdaEsbuildApiOptions(), sourcemap: false, define: lambdaDefine(handler), logLevel: 'silent' });
