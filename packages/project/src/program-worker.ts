import { parentPort, type MessagePort } from 'node:worker_threads';
import { createCatalog } from '@sunset/rule-data';
import { analyseProgram, type ProgramAnswer, type ProgramTask } from './project-check.js';

// A worker of `--project`: one group of the files to load (`separableGroups`) as a program of its own,
// beside the main thread's; it posts the findings of its files, or nothing when it fails (the main
// thread then analyses every file in one program).

function serve(port: MessagePort): void {
  port.once('message', (task: ProgramTask) => {
    const options = { ...task.options, catalog: createCatalog(task.options.customEntries.length === 0 ? undefined : task.options.customEntries) };
    const analysis = analyseProgram({ cwd: task.cwd, options }, task.compilerOptions, new Map(task.texts), new Set(task.scanned), { holdHeap: false, apart: true });
    port.postMessage({
      findings: analysis.findings,
      otherHostsByFile: analysis.otherHostsByFile,
      separable: analysis.separable,
      programFiles: analysis.programFiles,
    } satisfies ProgramAnswer);
  });
}

if (parentPort !== null) serve(parentPort);
