import type { Answer } from './server.js';

/**
 * The awsQuery protocol (STS): a form body whose `Action` names the operation; XML answers as
 * `<{Op}Response><{Op}Result>…` and errors as `<ErrorResponse>`.
 */
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `fields` become the elements of the operation's result. */
export function awsQueryAnswer(operation: string, xmlns: string, fields: Record<string, string>): Answer {
  const result = Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  return awsQueryXml(operation, xmlns, result);
}

export const awsQueryError = (status: number, xmlns: string, code: string, message: string): Answer => ({
  status,
  headers: { 'content-type': 'text/xml' },
  body:
    `<ErrorResponse xmlns="${xmlns}"><Error><Type>Sender</Type><Code>${code}</Code>` +
    `<Message>${escapeXml(message)}</Message></Error><RequestId>local-1</RequestId></ErrorResponse>`,
});

/** An answer whose result holds nested elements (lists are `<member>` items), given as XML. */
export const awsQueryXml = (operation: string, xmlns: string, resultXml: string): Answer => ({
  status: 200,
  headers: { 'content-type': 'text/xml' },
  body:
    `<${operation}Response xmlns="${xmlns}"><${operation}Result>${resultXml}</${operation}Result>` +
    `<ResponseMetadata><RequestId>local-1</RequestId></ResponseMetadata></${operation}Response>`,
});
