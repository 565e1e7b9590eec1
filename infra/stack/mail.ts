import { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  EmailSendingEvent,
  EventDestination,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

/** The CloudWatch dimension SES fills from its own auto-tag with the configuration set's name. */
export const SES_CONFIGURATION_SET_DIMENSION = 'ses:configuration-set';

export type MailEventMetric = 'Send' | 'Delivery' | 'Bounce' | 'Complaint' | 'Reject';

/**
 * The SES configuration set every product e-mail is sent through (the mail functions get its name
 * as `SES_CONFIGURATION_SET`): it publishes send, delivery, bounce, complaint and reject counts to
 * CloudWatch per configuration set, which the bounce and complaint alarms read, and keeps SES's
 * reputation metrics for it.
 */
export class Mail extends Construct {
  readonly configurationSet: ConfigurationSet;
  readonly configurationSetName: string;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.configurationSetName = `design-club-${props.stage}`;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: this.configurationSetName,
      reputationMetrics: true,
      // Addresses that bounced or complained are not mailed again (protects the sending reputation).
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.addEventDestination('ToCloudWatch', {
      destination: EventDestination.cloudWatchDimensions([
        {
          source: CloudWatchDimensionSource.MESSAGE_TAG,
          name: SES_CONFIGURATION_SET_DIMENSION,
          defaultValue: this.configurationSetName,
        },
      ]),
      events: [
        EmailSendingEvent.SEND,
        EmailSendingEvent.DELIVERY,
        EmailSendingEvent.BOUNCE,
        EmailSendingEvent.COMPLAINT,
        EmailSendingEvent.REJECT,
      ],
    });
  }

  /** A count the event destination publishes (AWS/SES, per configuration set). */
  metric(name: MailEventMetric, period = Duration.hours(1)): Metric {
    return new Metric({
      namespace: 'AWS/SES',
      metricName: name,
      dimensionsMap: { [SES_CONFIGURATION_SET_DIMENSION]: this.configurationSetName },
      statistic: 'Sum',
      period,
    });
  }
}
