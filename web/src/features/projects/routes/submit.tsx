import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { ChecklistSource, GenerateChecklistResponse } from '#features/checklists/contracts.js';
import { STEP_TITLES } from '#shared/intake-options.js';
import { TOO_MANY_FILES_MESSAGE, TOO_MANY_FILES_TITLE } from '#shared/uploads.js';
import { Text as HintText } from '@aws-amplify/ui-react';
import { ChecklistReviewDialog } from '../components/submit/ChecklistReviewDialog.js';
import { ClientPicker } from '../components/submit/ClientPicker.js';
import { StepBasics } from '../components/submit/StepBasics.js';
import { StepDetails } from '../components/submit/StepDetails.js';
import { StepSpecifications } from '../components/submit/StepSpecifications.js';
import { StepUploads } from '../components/submit/StepUploads.js';
import { addFiles, isUploading, type UploadItem } from '../components/submit/uploads-state.js';
import {
  STEP_COUNT,
  hasBlankTaskName,
  initialForm,
  isStepValid,
  reviewTasksFrom,
  stepProblems,
  toChecklistRequest,
  toSubmission,
  type ReviewTask,
  type Step,
  type WizardForm,
} from '../components/submit/wizard.js';
import { toast } from '../../../ui/toast/use-toast.js';
import '../components/submit/submit.css';
import { errorMessage, failureDescription } from '../../../lib/errors.js';
import { useGenerateChecklist } from '../../checklists/api/generate-checklist.js';
import { useUploadProjectFile } from '../../files/api/upload-file.js';
import { UploadError } from '../../files/api/uploads.js';
import { useSubmitProject } from '../api/submit-project.js';
import { hasRole } from '../../../app/auth/roles.js';
import { useSession } from '../../../app/auth/session.js';
import { useMe } from '../../users/api/use-me.js';
import { AppHeader } from '../../../app/shell/AppHeader.js';
import { Page } from '../../../ui/Page.js';

interface Review {
  tasks: ReviewTask[];
  source: ChecklistSource;
  estimate?: Pick<GenerateChecklistResponse, 'estimate_basis' | 'estimate_receipt'>;
}

const SUCCESS = { title: 'Success!', description: 'Your project has been submitted with AI-generated checklist.' };

/**
 * New project wizard (/submit): four steps, the AI checklist review, then one submission carrying
 * the project and its reviewed checklist, followed by the file uploads (they need the project's id).
 */
export default function SubmitScreen() {
  const { user } = useSession();
  // Projects are clients': a client submits their own, an admin on a client's behalf; designers do not.
  if (hasRole(user, 'designer') && !hasRole(user, 'admin')) return <NotForDesigners />;
  return <Wizard onBehalf={hasRole(user, 'admin')} />;
}

function NotForDesigners() {
  const { me } = useMe();
  return (
    <Page title="New Project" header={<AppHeader name={me?.user.full_name} />}>
      <Card variation="elevated" padding="xl">
        <Flex direction="column" gap="medium" alignItems="flex-start">
          <Heading level={1}>Submit a New Project</Heading>
          <Text>Projects are submitted by clients, or by an admin on a client's behalf.</Text>
          <Button as={RouterLink} to="/designer" variation="primary">
            Go to My Projects
          </Button>
        </Flex>
      </Card>
    </Page>
  );
}

function Wizard({ onBehalf }: { onBehalf: boolean }) {
  const navigate = useNavigate();
  const { me } = useMe();
  const [step, setStep] = useState<Step>(1);
  const [form, setForm] = useState<WizardForm>(initialForm);
  const [files, setFiles] = useState<UploadItem[]>([]);
  const generateChecklist = useGenerateChecklist();
  const generating = generateChecklist.isPending;
  const submitProject = useSubmitProject();
  const uploadFile = useUploadProjectFile();
  const [review, setReview] = useState<Review | null>(null);
  /** From the submission until its last upload is done. */
  const [submitting, setSubmitting] = useState(false);
  /** Set when the project exists but some of its uploads failed. */
  const [createdProjectId, setCreatedProjectId] = useState<string | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);
  /** The files of this submission whose upload failed (a refused type or size was never sent). */
  const failedUploads = useRef(new Set<string>());
  /** The files this submission sends (those refused when chosen are not among them). */
  const [sentIds, setSentIds] = useState<ReadonlySet<string> | null>(null);

  const category = form.project_category || 'Design';
  const titles = STEP_TITLES[category];
  const uploading = isUploading(files);
  const valid = isStepValid(form, step, { onBehalf });
  // What is wrong with what was entered (an empty required field is marked as such already; the
  // description has its counter), in the words the API would use.
  const allProblems = stepProblems(form, step, { onBehalf });
  const problems = allProblems.filter((problem) => problem.field !== 'description' && entered(form, problem.field));
  // A disabled Next says why, beside it (the fields' own errors show once they were touched).
  const blockedBy = !valid && !uploading ? (allProblems[0]?.message ?? null) : null;

  function handleAddFiles(chosen: File[]) {
    const result = addFiles(files, chosen);
    if (result.tooMany) {
      toast({ title: TOO_MANY_FILES_TITLE, description: TOO_MANY_FILES_MESSAGE, variant: 'destructive' });
      return;
    }
    setFiles(result.items);
  }

  const patchFile = (id: string, patch: Partial<UploadItem>) =>
    setFiles((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  /** Uploads one file with its real progress; true when it was recorded. */
  async function uploadOne(projectId: string, item: UploadItem): Promise<boolean> {
    patchFile(item.id, { status: 'uploading', progress: 0, error: null });
    try {
      await uploadFile.mutateAsync({
        projectId,
        file: item.file,
        onProgress: (progress) => patchFile(item.id, { progress }),
      });
      patchFile(item.id, { status: 'success', progress: 100 });
      failedUploads.current.delete(item.id);
      return true;
    } catch (error) {
      const retryable = error instanceof UploadError ? error.retryable : true;
      patchFile(item.id, { status: 'error', error: errorMessage(error), retryable });
      failedUploads.current.add(item.id);
      return false;
    }
  }

  /** A failed upload tried again: once none is left failed, the submission is complete ('Success!'). */
  async function retryUpload(projectId: string, id: string) {
    const item = files.find((candidate) => candidate.id === id);
    if (!item || !(await uploadOne(projectId, item))) return;
    if (failedUploads.current.size > 0) return;
    setReviewError(null);
    toast(SUCCESS);
  }

  async function handleGenerate() {
    if (![1, 2, 3, 4].every((each) => isStepValid(form, each as Step, { onBehalf }))) return;
    try {
      const answer = await generateChecklist.mutateAsync(toChecklistRequest(form));
      setReviewError(null);
      setReview({
        tasks: reviewTasksFrom(answer),
        source: answer.source,
        estimate: { estimate_basis: answer.estimate_basis, estimate_receipt: answer.estimate_receipt },
      });
    } catch (error) {
      console.error('Checklist generation failed', error);
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to generate project checklist. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  async function handleFinalize() {
    if (!review) return;
    const refuse = (description: string) => {
      toast({ title: 'Error', description, variant: 'destructive' });
      setReviewError(description);
    };
    if (hasBlankTaskName(review.tasks)) return refuse('Please fill in all task names');
    if (review.tasks.length === 0) return refuse('Add at least one task to the checklist.');
    setReviewError(null);
    setSubmitting(true);
    let projectId: string;
    try {
      const submission = toSubmission(form, review.tasks, review.source, review.estimate);
      const created = await submitProject.mutateAsync(submission);
      projectId = created.project.id;
    } catch (error) {
      refuse(errorMessage(error));
      setSubmitting(false);
      return;
    }
    // One at a time: each shows its own progress, and two cores stay responsive.
    failedUploads.current.clear();
    const sending = files.filter((file) => file.status === 'ready');
    setSentIds(new Set(sending.map((file) => file.id)));
    for (const item of sending) await uploadOne(projectId, item);
    setSubmitting(false);
    // 'Success!' only when every file arrived: a failed one stays in the dialog, with its reason and
    // 'Retry', and the success follows once the retries have brought them all.
    if (failedUploads.current.size > 0) {
      refuse('Unable to upload file. Please try again.');
      setCreatedProjectId(projectId);
      return;
    }
    toast(SUCCESS);
    navigate('/dashboard');
  }

  const stepContent = (() => {
    switch (step) {
      case 1:
        return (
          <Flex direction="column" gap="medium">
            {onBehalf ? (
              <ClientPicker
                value={form.client_id}
                onChange={(client_id) => setForm((current) => ({ ...current, client_id }))}
              />
            ) : null}
            <StepBasics form={form} onChange={setForm} />
          </Flex>
        );
      case 2:
        return <StepDetails form={form} onChange={setForm} />;
      case 3:
        return (
          <StepUploads
            form={form}
            onChange={setForm}
            files={files}
            onAddFiles={handleAddFiles}
            onRemoveFile={(id) => setFiles((current) => current.filter((item) => item.id !== id))}
          />
        );
      case 4:
        return <StepSpecifications form={form} onChange={setForm} />;
    }
  })();

  return (
    <Page title="New Project" header={<AppHeader name={me?.user.full_name} />}>
      <Flex direction="column" gap="large">
        <Flex direction="column" gap="xs" alignItems="flex-start">
          <Button as={RouterLink} to="/dashboard" variation="link" size="small" paddingInline="0">
            <span aria-hidden="true">←</span>&nbsp;Back to Dashboard
          </Button>
          <Heading level={1}>Submit a New Project</Heading>
        </Flex>

        <Card variation="elevated" padding="xl">
          <Flex direction="column" gap="large">
            <Flex direction="column" gap="xs">
              <Text fontSize="small" fontWeight="600" color="font.secondary">
                Step {step} of {STEP_COUNT}
              </Text>
              <div className="wizard-progress" aria-hidden="true">
                <div className="wizard-progress__bar" style={{ width: `${(step / STEP_COUNT) * 100}%` }} />
              </div>
              <Heading level={2} fontSize="xl">
                {titles[step - 1]}
              </Heading>
            </Flex>

            <form
              onSubmit={(event) => {
                event.preventDefault();
              }}
              noValidate
            >
              {stepContent}
            </form>

            {problems.length > 0 ? (
              <Flex direction="column" gap="xxs" role="status" aria-live="polite" className="wizard-problems">
                {problems.map((problem) => (
                  <HintText key={`${problem.field}:${problem.message}`} variation="error" fontSize="small">
                    {problem.message}
                  </HintText>
                ))}
              </Flex>
            ) : null}

            <Flex justifyContent="space-between" gap="small">
              <Button
                onClick={() => setStep((s) => (s > 1 ? ((s - 1) as Step) : s))}
                isDisabled={step === 1 || uploading || generating}
              >
                Previous
              </Button>
              {step < STEP_COUNT ? (
                <Button
                  variation="primary"
                  onClick={() => setStep((s) => (s + 1) as Step)}
                  isDisabled={!valid || uploading}
                  aria-describedby={blockedBy ? 'wizard-blocked-by' : undefined}
                >
                  Next
                </Button>
              ) : (
                <Button
                  variation="primary"
                  onClick={handleGenerate}
                  isDisabled={!valid || uploading}
                  isLoading={generating}
                  loadingText="Generating checklist…"
                  aria-describedby={blockedBy ? 'wizard-blocked-by' : undefined}
                >
                  Generate Checklist
                </Button>
              )}
            </Flex>
            {blockedBy ? (
              <Text id="wizard-blocked-by" fontSize="small" color="font.secondary" textAlign="end">
                {blockedBy}
              </Text>
            ) : null}
          </Flex>
        </Card>
      </Flex>

      <ChecklistReviewDialog
        open={review !== null}
        tasks={review?.tasks ?? []}
        source={review?.source ?? 'local'}
        onChange={(tasks) => {
          setReviewError(null);
          setReview((current) => (current ? { ...current, tasks } : current));
        }}
        onCancel={() => setReview(null)}
        onFinalize={() => void handleFinalize()}
        submitting={submitting}
        uploads={sentIds ? files.filter((file) => sentIds.has(file.id)) : files}
        error={reviewError}
        afterSubmit={
          createdProjectId
            ? {
                onRetry: (id) => void retryUpload(createdProjectId, id),
                onDone: () => navigate('/dashboard'),
              }
            : null
        }
      />
    </Page>
  );
}

/**
 * Whether the visitor has put something in a field (a wrong value is worth a message; an empty one is just required).
 */
function entered(form: WizardForm, field: string): boolean {
  const value = (form as unknown as Record<string, unknown>)[field];
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'string' && value.trim() !== '';
}
