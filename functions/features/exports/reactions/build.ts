import { SYSTEM_ACTOR, type EventEnvelope } from '#events/envelope.js';
import { consumer } from '../../../app/lambda.js';
import { appending } from '../../../app/runtime.js';
import { storedEvent } from '../../../platform/event-store/stored-event.js';
import { loadState, runCommand } from '../../../platform/event-store/command.js';
import { getObjectStream, MULTIPART_PART_BYTES, openMultipartUpload } from '../../../platform/aws/storage.js';
import { log } from '../../../platform/log.js';
import type { Appending } from '../../../platform/runtime.js';
import { tell } from '../../notifications/commands.js';
import { ArchiveTooLarge, writeArchive } from '../archive.js';
import { exportDecider, exportEvolution, type ExportCommand } from '../decider.js';
import { gatherPersonalData } from '../gather.js';

/** The archive's key: a private prefix of the uploads bucket, which a lifecycle rule empties. */
export const archiveKey = (sub: string, exportId: string) => `exports/${sub}/${exportId}.zip`;

export const FAILED_MESSAGE = 'We could not prepare your data archive. Please try again tomorrow.';

/**
 * Builds the archive a DataExportRequested asks for (only one found, with the same hash, in the
 * store: a forged bus event builds nothing), records DataExportReady or DataExportFailed, then tells
 * the person in the app and by e-mail. A redelivered request finds its export no longer preparing
 * and does nothing.
 */
export const handler = consumer(async (delivered: EventEnvelope): Promise<void> => {
  const runtime = appending();
  const event = await storedEvent(delivered, runtime);
  if (!event) {
    log.warn('Ignored an export request that is not in the event store', {
      streamId: String(delivered?.streamId),
      type: String(delivered?.type),
    });
    return;
  }
  if (event.type !== 'DataExportRequested' || !event.streamId.startsWith('export-')) return;
  await buildExport(runtime, event);
});

async function buildExport(runtime: Appending, event: EventEnvelope): Promise<void> {
  const sub = event.streamId.slice('export-'.length);
  const exportId = String(event.data.export_id);
  const { state } = await loadState(exportEvolution, event.streamId, runtime);
  if (state.exports.find((record) => record.export_id === exportId)?.status !== 'preparing') return;

  let command: ExportCommand;
  try {
    const data = await gatherPersonalData(runtime, sub, state);
    const key = archiveKey(sub, exportId);
    const { bytes, manifest } = await writeArchive(
      {
        export_id: exportId,
        subject: data.subject,
        created_at: runtime.now().toISOString(),
        sections: data.sections,
        files: data.files.map(({ key: objectKey, ...file }) => ({ ...file, open: () => getObjectStream(objectKey) })),
      },
      await openMultipartUpload(key, 'application/zip'),
      { partBytes: MULTIPART_PART_BYTES },
    );
    command = {
      type: 'CompleteDataExport',
      export_id: exportId,
      object_key: key,
      bytes,
      entries: manifest.entries.length,
    };
  } catch (error) {
    if (!(error instanceof ArchiveTooLarge))
      log.error('A data export failed', { exportId, error: (error as Error).message });
    command = {
      type: 'FailDataExport',
      export_id: exportId,
      reason: error instanceof ArchiveTooLarge ? error.message : FAILED_MESSAGE,
    };
  }
  const result = await runCommand(
    exportDecider,
    event.streamId,
    command,
    { actor: SYSTEM_ACTOR, causationId: event.eventId, correlationId: event.correlationId },
    runtime,
  );
  const outcome = result.events[0];
  if (!outcome) return;
  const ready = outcome.type === 'DataExportReady';
  const until = ready ? new Date(String(outcome.data.expires_at)).toUTCString() : '';
  await tell(runtime, outcome, [
    {
      recipient: { sub, email: null },
      kind: 'status',
      project_id: '',
      project_title: 'your data',
      message: ready
        ? `Your data archive is ready: download it from your profile until ${until}`
        : `Your data archive could not be made: ${String(outcome.data.reason)}`,
      link: '/profile',
    },
  ]);
}
