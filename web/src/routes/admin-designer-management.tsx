import { ComingSoon } from '../ui/ComingSoon.js';

/** Designer Management (/admin/designer-management). */
export default function DesignerManagementScreen() {
  return (
    <ComingSoon
      name="Designer Management"
      purpose="Add, deactivate and remove designers."
      back={{ to: '/admin', label: 'Back to Admin Dashboard' }}
      signedIn
    />
  );
}
