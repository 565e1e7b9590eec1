import { calendarDay } from '#shared/vocabulary.js';
import { uploadKey } from '#shared/uploads.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { deleteObject, putObject } from '../../../platform/aws/storage.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { actorOf, provenEmailOf } from '../../../platform/http/auth.js';
import { newId } from '../../../platform/ids.js';
import { log } from '../../../platform/log.js';
import { projectIdParams } from '../../projects/contracts.js';
import { responseLetterBody, type ResponseLetterResponse } from '../contracts.js';
import { cityReviewDecider, type CityReviewCommand } from '../decider.js';
import { buildResponseLetter, responseLetterFileName } from '../letters/response-letter.js';
import { readableCityReview } from './context.js';

export const STUDIO_NAME = 'Design Club';

/**
 * POST /api/projects/{id}/city-review/response-letter: once every item of the round is addressed, the
 * response letter is made (pdf-lib, in the function), stored where the project's files are and
 * recorded as one of them with the round's `ResponseLetterIssued`, in one commit. The rules are asked
 * first on the state read (a refusal builds and stores nothing), then again by the commit; an object
 * the commit did not record is removed.
 */
export const handler = httpHandler({ params: projectIdParams, body: responseLetterBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const projectId = request.params.id;
  const { state } = await readableCityReview(runtime, principal, projectId);
  const fileId = newId();
  const fileName = responseLetterFileName(request.body.round);
  const key = uploadKey(projectId, 'client_upload', fileId, fileName);
  const command = (file_size: number): CityReviewCommand => ({
    type: 'IssueResponseLetter',
    round: request.body.round,
    file_id: fileId,
    file_name: fileName,
    file_url: key,
    file_size,
  });
  const meta = {
    actor: actorOf(principal),
    actorEmail: provenEmailOf(principal),
    correlationId: request.correlationId || undefined,
  };
  cityReviewDecider.decide(command(0), state, { ...meta, now: runtime.now().toISOString() });

  const round = state.rounds.find((known) => known.round === request.body.round)!;
  const pdf = await buildResponseLetter({
    studio: STUDIO_NAME,
    project_title: state.title,
    project_address: state.project_address,
    round: round.round,
    date: calendarDay(runtime.now().toISOString()),
    items: round.items.map((item) => ({
      number: item.number,
      sheet: item.sheet,
      comment: item.comment,
      response: item.response ?? '',
      revised_file_name: item.revised_file_name,
    })),
  });
  await putObject(key, pdf, 'application/pdf');
  try {
    const result = await runCommand(cityReviewDecider, `project-${projectId}`, command(pdf.byteLength), meta, runtime);
    const body: ResponseLetterResponse = {
      events: result.events.map((event) => event.type),
      file_id: fileId,
      file_name: fileName,
    };
    return { status: 201, body };
  } catch (error) {
    await deleteObject(key).catch((failure: unknown) =>
      log.warn('Could not remove a response letter that was not recorded', { key, error: String(failure) }),
    );
    throw error;
  }
});
