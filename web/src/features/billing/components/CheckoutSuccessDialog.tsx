import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Dialog } from '../../../ui/Dialog.js';
import './billing.css';
import { Confetti } from './Confetti.js';

/**
 * After checkout the provider returns to /dashboard?success=true: show the welcome dialog with
 * confetti, and rewrite the address to /dashboard at once (a reload does not show it again).
 * Closing it, or 'Go to My Dashboard', calls onClose so the dashboard reloads its data.
 */
export function CheckoutSuccessDialog({
  onClose,
  projectCount = null,
}: {
  onClose(): void /** The client's projects: the next step differs with none. */;
  projectCount?: number | null;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (params.get('success') !== 'true') return;
    setOpen(true);
    navigate('/dashboard', { replace: true });
  }, [params, navigate]);

  function close() {
    setOpen(false);
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} title="Welcome to Design Club!">
      <Confetti />
      <Flex direction="column" alignItems="center" gap="medium" className="success-dialog">
        <span className="success-dialog__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <Text fontSize="large" fontWeight="bold">
          Your subscription is active.
        </Text>
        <Text color="font.secondary">
          {projectCount
            ? 'Your plan now covers your projects: follow each one from brief to delivery on your dashboard.'
            : 'Submit your first project and follow it from brief to delivery on your dashboard.'}
        </Text>
        <Button
          variation="primary"
          onClick={() => {
            close();
            navigate('/dashboard');
          }}
        >
          Go to My Dashboard
        </Button>
      </Flex>
    </Dialog>
  );
}
