import type { Context, Message, MessageSender, User } from './cognito-local.js';

/** A message Cognito would have sent (verification code, password reset code, temporary password). */
export interface CognitoMessage {
  medium: 'EMAIL' | 'SMS';
  destination: string;
  /** cognito-local's user name: the sub, since e-mail is the sign-in alias. */
  username: string;
  /** The code (or the temporary password for AdminCreateUser) the message carries. */
  code?: string;
  /** Set only when a CustomMessage trigger answered; `message` then has the code filled in. */
  subject?: string;
  message?: string;
}

export type MessageHandler = (message: CognitoMessage) => void | Promise<void>;

/** Replaces cognito-local's console box: hands each message to the runtime (outbox) and logs it. */
export class HandOverMessageSender implements MessageSender {
  constructor(
    private readonly onMessage: MessageHandler | undefined,
    private readonly log: (line: string) => void,
  ) {}

  sendEmail(_ctx: Context, user: User, destination: string, message: Message): Promise<void> {
    return this.send('EMAIL', user, destination, message.emailSubject, message.emailMessage, message.__code);
  }

  sendSms(_ctx: Context, user: User, destination: string, message: Message): Promise<void> {
    return this.send('SMS', user, destination, undefined, message.smsMessage, message.__code);
  }

  private async send(
    medium: CognitoMessage['medium'],
    user: User,
    destination: string,
    subject: string | undefined,
    text: string | undefined,
    code: string | undefined,
  ): Promise<void> {
    this.log(`cognito: ${medium} to ${destination}${code ? ` (code ${code})` : ''}${subject ? `: ${subject}` : ''}`);
    await this.onMessage?.({
      medium,
      destination,
      username: user.Username,
      ...(code ? { code } : {}),
      ...(subject ? { subject } : {}),
      ...(text ? { message: text } : {}),
    });
  }
}
