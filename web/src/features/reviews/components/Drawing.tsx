import { Text } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import type { ReviewNote } from '#features/reviews/contracts.js';
import { fileDownloadUrl } from '../../files/api/uploads.js';
import { PdfCanvas, PdfLoading, usePdf } from './PdfPages.js';
import { PinnablePage, type PinPoint } from './PinnablePage.js';

export type DrawingKind = 'pdf' | 'image' | 'other';

/** What the viewer can draw: PDFs with pdf.js, JPEG, PNG and WebP as images; anything else is downloaded. */
export function drawingKind(fileName: string): DrawingKind {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'pdf') return 'pdf';
  if (extension === 'jpg' || extension === 'jpeg' || extension === 'png' || extension === 'webp') return 'image';
  return 'other';
}

interface DrawingProps {
  projectId: string;
  fileId: string;
  fileName: string;
  notes: readonly ReviewNote[];
  /** The version shown: notes from earlier ones are carried forward, marked with their version. */
  shownVersion: number;
  pending: PinPoint | null;
  canPin: boolean;
  /** 1 is 'Fit to width'; the pages are drawn again, sharper, at each whole step. */
  zoom: number;
  /** How many pages the file has, once known. */
  onPages?(pages: number): void;
  onPin(point: PinPoint): void;
  onSelect(note: ReviewNote): void;
}

/** The signed link (300 s) of the version shown, asked once per file. */
function useSignedUrl(projectId: string, fileId: string) {
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    let active = true;
    setState({});
    fileDownloadUrl(projectId, fileId)
      .then((url) => active && setState({ url }))
      .catch((error: unknown) => {
        console.error('Could not get the file link', error);
        if (active) setState({ error: 'Unable to open this file. Please try again.' });
      });
    return () => {
      active = false;
    };
  }, [projectId, fileId]);
  return state;
}

function PdfDrawing({ url, ...props }: DrawingProps & { url: string }) {
  const { doc, error } = usePdf(url);
  const [aspects, setAspects] = useState<Record<number, number>>({});
  const [rendered, setRendered] = useState<Record<number, boolean>>({});
  const { onPages } = props;
  useEffect(() => {
    if (doc) onPages?.(doc.numPages);
  }, [doc, onPages]);
  if (error) return <Text color="font.error">{error}</Text>;
  if (!doc) return <PdfLoading />;
  const pages = Array.from({ length: doc.numPages }, (_, index) => index + 1);
  return (
    <>
      {pages.map((page) => (
        <PinnablePage
          key={page}
          page={page}
          pages={doc.numPages}
          notes={props.notes.filter((note) => note.page === page)}
          shownVersion={props.shownVersion}
          pending={props.pending}
          canPin={props.canPin}
          rendered={!!rendered[page]}
          aspect={aspects[page]}
          onPin={props.onPin}
          onSelect={props.onSelect}
        >
          <PdfCanvas
            doc={doc}
            page={page}
            level={Math.min(3, Math.ceil(props.zoom))}
            onAspect={(aspect) =>
              setAspects((known) => (known[page] === aspect ? known : { ...known, [page]: aspect }))
            }
            onRendered={() => setRendered((known) => ({ ...known, [page]: true }))}
          />
        </PinnablePage>
      ))}
    </>
  );
}

function ImageDrawing({ url, ...props }: DrawingProps & { url: string }) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  if (failed) return <Text color="font.error">Unable to open this image. Download it instead.</Text>;
  return (
    <PinnablePage
      page={1}
      pages={1}
      notes={props.notes}
      shownVersion={props.shownVersion}
      pending={props.pending}
      canPin={props.canPin && loaded}
      rendered={loaded}
      onPin={props.onPin}
      onSelect={props.onSelect}
    >
      <img
        className="review-page__image"
        src={url}
        alt={props.fileName}
        draggable={false}
        onLoad={() => setLoaded(true)}
        onError={() => setFailed(true)}
      />
    </PinnablePage>
  );
}

/** The version under review, every page, with its pins. */
export function Drawing(props: DrawingProps) {
  const kind = drawingKind(props.fileName);
  const { url, error } = useSignedUrl(props.projectId, props.fileId);
  if (kind === 'other')
    return (
      <Text color="font.secondary">
        This file type cannot be shown here. Download it to look at it; you can still approve it or request changes with
        a summary.
      </Text>
    );
  if (error) return <Text color="font.error">{error}</Text>;
  if (!url) return <PdfLoading />;
  return kind === 'pdf' ? (
    <PdfDrawing key={url} url={url} {...props} />
  ) : (
    <ImageDrawing key={url} url={url} {...props} />
  );
}
