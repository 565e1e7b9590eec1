import { Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import { inOwnTask } from '../../../lib/tasks.js';
import type { NotificationsResponse, NotificationView } from '#features/notifications/contracts.js';
import { notificationsQuery } from '../api/get-notifications.js';
import { useMarkAllRead } from '../api/mark-all-read.js';
import './notifications.css';

/** "5 minutes ago", "yesterday", … in the reader's language. */
// The bell's outline, then its clapper (a relative move from the bell's top, 12,3).
const BELL_ICON_PATH =
  'M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6z' +
  'm0 19a3 3 0 0 0 2.8-2H9.2A3 3 0 0 0 12 22z';

function when(iso: string): string {
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 5],
    ['month', 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(value, unit);
    value = Math.round(value / size);
  }
  return format.format(value, 'year');
}

/**
 * The bell in the header of every signed-in screen: the unread count (updated live: the reactor
 * sends the `notifications` topic after storing one), and a panel with the latest notifications,
 * each opening its project, and "Mark all as read". Escape or a click outside closes the panel.
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The bell's count comes in a task of its own, after the screen's own first requests.
  const [ready, setReady] = useState(false);
  useEffect(() => inOwnTask(() => setReady(true)), []);
  const bell = useInfiniteQuery({ ...notificationsQuery(), enabled: ready });
  const pages = bell.data?.pages;
  const data: NotificationsResponse | null = pages?.length
    ? { ...pages.at(-1)!, notifications: pages.flatMap((page) => page.notifications) }
    : null;
  const more = bell.isFetchingNextPage;
  const markAllRead = useMarkAllRead();
  useEffect(() => {
    if (bell.error) console.error('Could not load notifications', bell.error);
  }, [bell.error]);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();

  const close = useCallback((focusBell: boolean) => {
    setOpen(false);
    if (focusBell) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  const unread = data?.unread ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${shown} unread`;

  async function markAll() {
    try {
      await markAllRead.mutateAsync();
    } catch (error) {
      console.error('Could not mark notifications as read', error);
    }
  }

  async function loadMore() {
    if (bell.hasNextPage && !more) await bell.fetchNextPage();
  }

  function openNotification(notification: NotificationView) {
    close(false);
    navigate(notification.link);
  }

  return (
    <div className="notification-bell">
      <button
        ref={button}
        type="button"
        className="notification-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        title="Notifications"
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d={BELL_ICON_PATH} fill="currentColor" />
        </svg>
        {unread > 0 ? (
          <span className="notification-bell__badge" data-testid="notification-count" aria-hidden="true">
            {shown}
          </span>
        ) : null}
      </button>
      {open ? (
        <div ref={panel} id={panelId} className="notification-panel" role="dialog" aria-labelledby={headingId}>
          <Flex justifyContent="space-between" alignItems="center" padding="small" className="notification-panel__head">
            <Text as="h2" id={headingId} fontWeight="bold" margin="0">
              Notifications
            </Text>
            <Button size="small" variation="link" onClick={markAll} isDisabled={unread === 0}>
              Mark all as read
            </Button>
          </Flex>
          {data === null ? (
            <Flex justifyContent="center" padding="medium">
              <Loader ariaLabel="Loading notifications" />
            </Flex>
          ) : data.notifications.length === 0 ? (
            <Text padding="medium" color="font.secondary">
              No notifications yet.
            </Text>
          ) : (
            <ul className="notification-panel__list" aria-label="Latest notifications">
              {data.notifications.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    className={`notification-item${notification.read ? '' : ' notification-item--unread'}`}
                    onClick={() => openNotification(notification)}
                  >
                    <span className="notification-item__message">
                      {notification.read ? null : <span className="visually-hidden">Unread: </span>}
                      {notification.message}
                    </span>
                    <span className="notification-item__meta">
                      {notification.project_title} · <time dateTime={notification.at}>{when(notification.at)}</time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {data?.next_cursor ? (
            <Flex justifyContent="center" padding="xs">
              <Button size="small" variation="link" onClick={loadMore} isLoading={more} loadingText="Loading…">
                Show older
              </Button>
            </Flex>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
