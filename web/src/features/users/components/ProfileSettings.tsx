import { Button, Card, Flex, Heading, Placeholder, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState, type FormEvent } from 'react';
import { USER_TYPES, humanize, type UserType } from '#shared/vocabulary.js';
import type { MeResponse } from '../../../lib/contracts.js';
import { errorMessage } from '../../../lib/errors.js';
import type { ProfileResponse, UpdateProfileBody } from '#features/teams/contracts.js';
import { useUpdateProfile } from '../api/update-profile.js';
import { toast } from '../../../ui/toast/use-toast.js';

export interface ProfileSettingsProps {
  me: MeResponse | null;
  loading: boolean;
  /** Called with the saved profile so the page (header initials) follows. */
  onSaved?(profile: ProfileResponse['profile']): void;
}

/** 'Profile Settings': full_name, company, user_type (docs/product.md#screens); success toast 'Profile updated'. */
export function ProfileSettings({ me, loading, onSaved }: ProfileSettingsProps) {
  const [fullName, setFullName] = useState('');
  const [company, setCompany] = useState('');
  const [userType, setUserType] = useState<UserType>('architect');
  const updateProfile = useUpdateProfile();

  useEffect(() => {
    if (!me) return;
    setFullName(me.user.full_name ?? '');
    setCompany(me.user.company ?? '');
    setUserType(me.user.user_type);
  }, [me]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body: UpdateProfileBody = { full_name: fullName, company, user_type: userType };
    updateProfile.mutate(body, {
      onSuccess: (answer) => {
        toast({ title: 'Profile updated' });
        onSaved?.(answer.profile);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <Card variation="outlined" padding="large">
      <Flex direction="column" gap="medium">
        <Flex direction="column" gap="xxs">
          <Heading level={2} fontSize="large">
            Profile Settings
          </Heading>
          <Text color="font.secondary">Your name, company and what kind of client you are.</Text>
        </Flex>
        {loading && !me ? (
          <Flex direction="column" gap="small" aria-label="Loading profile">
            <Placeholder height="2.5rem" />
            <Placeholder height="2.5rem" />
            <Placeholder height="2.5rem" />
          </Flex>
        ) : (
          <Flex as="form" direction="column" gap="medium" onSubmit={handleSubmit}>
            <TextField
              label="Email"
              name="email"
              value={me?.user.email ?? ''}
              isReadOnly
              isDisabled
              descriptiveText="Your sign-in address cannot be changed here."
            />
            <TextField
              label="Full Name"
              name="full_name"
              autoComplete="name"
              maxLength={200}
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
            />
            <TextField
              label="Company"
              name="company"
              autoComplete="organization"
              maxLength={200}
              value={company}
              onChange={(e) => setCompany(e.target.value)}
            />
            <SelectField
              label="User Type"
              name="user_type"
              value={userType}
              onChange={(e) => setUserType(e.target.value as UserType)}
            >
              {USER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {humanize(type)}
                </option>
              ))}
            </SelectField>
            <Flex>
              <Button type="submit" variation="primary" isLoading={updateProfile.isPending} loadingText="Saving…">
                Save Changes
              </Button>
            </Flex>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
