import { Heading } from '../ui/kit/index.js';
import { Link } from 'react-router-dom';
import { AuditPanel } from '../components/audit/AuditPanel.js';
import { AppHeader } from '../ui/AppHeader.js';
import { Page } from '../ui/Page.js';

/** /admin/audit?stream=project-…: a deep link to a stream's verified history (also the Audit tab on /admin). */
export default function AdminAuditScreen() {
  return (
    <Page title="Audit" width="wide" header={<AppHeader />}>
      <p>
        <Link to="/admin">← Back to Admin Dashboard</Link>
      </p>
      <Heading level={1}>Audit</Heading>
      <AuditPanel />
    </Page>
  );
}
