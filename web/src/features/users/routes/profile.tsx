import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Tabs } from '../../../ui/Tabs.js';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NotificationSettings } from '../../notifications/index.js';
import { ProfileSettings } from '../components/ProfileSettings.js';
import { SignOutEverywhere } from '../components/SignOutEverywhere.js';
import { DownloadMyData } from '../components/DownloadMyData.js';
import { DeleteMyAccount } from '../components/DeleteMyAccount.js';
import { TeamManagement } from '../../teams/index.js';
import { useMe } from '../api/use-me.js';
import { AppHeader } from '../../../app/shell/AppHeader.js';
import { Page } from '../../../ui/Page.js';

const TABS = ['profile', 'team', 'notifications'] as const;
type Tab = (typeof TABS)[number];

/** Profile & Team Settings (/profile): signed-in only (the route guard sends others to /auth). */
export default function ProfileScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { me, loading } = useMe();
  const [savedName, setSavedName] = useState<string | null | undefined>(undefined);
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'profile';

  return (
    <Page
      title="Profile & Team Settings"
      header={<AppHeader name={savedName !== undefined ? savedName : me?.user.full_name} />}
    >
      <Flex direction="column" gap="large">
        <Flex alignItems="center" gap="small">
          <Button size="small" variation="link" aria-label="Back to Dashboard" onClick={() => navigate('/dashboard')}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M12.5 4.5L7 10l5.5 5.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </Button>
          <Flex direction="column" gap="0">
            <Heading level={1} fontSize="xxl">
              Profile &amp; Team Settings
            </Heading>
            <Text color="font.secondary">Manage your profile, your team and your notifications.</Text>
          </Flex>
        </Flex>
        <Tabs
          value={tab}
          onValueChange={(value) => setParams(value === 'profile' ? {} : { tab: value }, { replace: true })}
          items={[
            {
              label: 'Profile Settings',
              value: 'profile',
              content: (
                <Flex direction="column" gap="large" paddingBlock="medium">
                  <ProfileSettings me={me} loading={loading} onSaved={(profile) => setSavedName(profile.full_name)} />
                  <DownloadMyData />
                  <SignOutEverywhere />
                  <DeleteMyAccount email={me?.user.email ?? null} />
                </Flex>
              ),
            },
            {
              label: 'Team Management',
              value: 'team',
              content: (
                <Flex direction="column" paddingBlock="medium">
                  <TeamManagement canCreate={!me || me.roles.includes('client')} />
                </Flex>
              ),
            },
            {
              label: 'Notifications',
              value: 'notifications',
              content: (
                <Flex direction="column" paddingBlock="medium">
                  <NotificationSettings me={me} />
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
    </Page>
  );
}
