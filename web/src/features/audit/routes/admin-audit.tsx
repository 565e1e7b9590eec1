import { Heading } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { AuditPanel } from '../components/AuditPanel.js';
import { useMe } from '../../users/api/use-me.js';
import { AppHeader } from '../../../app/shell/AppHeader.js';
import { Page } from '../../../ui/Page.js';

/** /admin/audit?stream=project-…: a deep link to a stream's verified history (also the Audit tab on /admin). */
export default function AdminAuditScreen() {
  const { me } = useMe();
  return (
    <Page title="Audit" width="wide" header={<AppHeader name={me?.user.full_name} />}>
      <p>
        <Link to="/admin">← Back to Admin Dashboard</Link>
      </p>
      <Heading level={1}>Audit</Heading>
      <AuditPanel />
    </Page>
  );
}
