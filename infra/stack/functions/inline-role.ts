import {
  PolicyDocument,
  Role,
  type AddToPrincipalPolicyResult,
  type PolicyStatement,
  type RoleProps,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/**
 * A role whose grants are written into the role itself (its inline `Policies`) instead of a separate
 * AWS::IAM::Policy resource: the same permissions, one CloudFormation resource per role instead of
 * two, which keeps the stack (about seven resources per function) under CloudFormation's 500.
 */
export class InlineRole extends Role {
  private readonly inlineGrants: PolicyDocument;

  constructor(scope: Construct, id: string, props: RoleProps) {
    const grants = new PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { grants } });
    this.inlineGrants = grants;
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.inlineGrants.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}
