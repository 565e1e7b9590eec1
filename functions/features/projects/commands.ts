import type { CommitMeta } from '../../platform/event-store/event-store.js';
import { runCommand } from '../../platform/event-store/command.js';
import type { Appending } from '../../platform/runtime.js';
import { projectDecider, projectStream, type ProjectCommand, type ProjectFile } from './decider.js';

/**
 * What other features may ask of a project's stream (the files feature's upload recording): each
 * runs this feature's own command, so the rules stay in its decider and no other feature imports it.
 */

export type RecordedFile = Omit<Extract<ProjectCommand, { type: 'RecordFile' }>, 'type'>;

/**
 * Records an upload on the project (`FileUploaded`), as the project's rules allow (who may add which
 * kind, versions of a deliverable); one already recorded records nothing. Answers with the project's
 * file as it now stands.
 */
export async function recordProjectFile(
  runtime: Appending,
  projectId: string,
  file: RecordedFile,
  meta: CommitMeta,
): Promise<ProjectFile> {
  const { state } = await runCommand(
    projectDecider,
    projectStream(projectId),
    { type: 'RecordFile', ...file },
    meta,
    runtime,
  );
  return state.files.find((candidate) => candidate.id === file.file_id)!;
}
