################################################################################
#
# rust-samples
#
################################################################################

RUST_SAMPLES_VERSION = 1.0
RUST_SAMPLES_SITE = $(BR2_EXTERNAL_RUST_FOR_LINUX_PATH)/package/rust-samples
RUST_SAMPLES_SITE_METHOD = local
RUST_SAMPLES_LICENSE = GPL-2.0
# The modules are in src/ (src/Kbuild); target/ has what runs on the
# target: the tests' scripts, their library and alarm list, C helpers.
RUST_SAMPLES_MODULE_SUBDIRS = src

# The samples are Rust modules. build_assert! must fail the build
# when the optimiser cannot prove it, so the escape hatch stays off. The
# stress tests' fault sweeps need kprobes: rust_samples_fault_window
# prints the stack of a page allocation failure that injection makes from
# a kprobe on should_fail_alloc_page(), the only stack of one made with
# __GFP_NOWARN.
define RUST_SAMPLES_LINUX_CONFIG_FIXUPS
	$(call KCONFIG_ENABLE_OPT,CONFIG_RUST)
	$(call KCONFIG_DISABLE_OPT,CONFIG_RUST_BUILD_ASSERT_ALLOW)
	$(if $(BR2_PACKAGE_RUST_SAMPLES_STRESS),$(call KCONFIG_ENABLE_OPT,CONFIG_KPROBES))
endef

# CONFIG_RUST silently drops out of the kernel's .config when one of its
# dependencies is off: say so once the kernel is configured, not at the
# first Rust module.
define RUST_SAMPLES_CHECK_KERNEL_RUST
	$(Q)grep -q '^CONFIG_RUST=y' $(LINUX_DIR)/.config || { \
		echo "rust-samples: CONFIG_RUST is not set in $(LINUX_DIR)/.config: a dependency of it is off (make linux-menuconfig: General setup, Rust support)" >&2; \
		exit 1; }
endef
# Only with the package: Buildroot reads every package's .mk file.
ifeq ($(BR2_PACKAGE_RUST_SAMPLES),y)
# check-package disable TypoInPackageVariable
LINUX_POST_CONFIGURE_HOOKS += RUST_SAMPLES_CHECK_KERNEL_RUST
endif

# The C helpers of the target's scripts: rust-samples-bench's timings, and
# with the stress tests their loops. The stress tests also build the
# modules broken on purpose that only rust-samples-catch loads, and
# rust_samples_fault_window, which their fault sweeps load (see src/Kbuild).
RUST_SAMPLES_TOOLS = rust-samples-measure
RUST_SAMPLES_SCRIPTS = rust-samples-test rust-samples-bench

ifeq ($(BR2_PACKAGE_RUST_SAMPLES_STRESS),y)
RUST_SAMPLES_TOOLS += rust-samples-fault
RUST_SAMPLES_SCRIPTS += rust-samples-stress rust-samples-catch
RUST_SAMPLES_MODULE_MAKE_OPTS += RUST_SAMPLES_BROKEN=m
endif

define RUST_SAMPLES_BUILD_CMDS
	$(foreach t,$(RUST_SAMPLES_TOOLS),\
		$(TARGET_CC) $(TARGET_CFLAGS) $(TARGET_LDFLAGS) -Wall -Wextra \
			-o $(@D)/target/$(t) $(@D)/target/$(t).c$(sep))
endef

define RUST_SAMPLES_INSTALL_TARGET_CMDS
	$(foreach f,$(RUST_SAMPLES_TOOLS) $(RUST_SAMPLES_SCRIPTS),\
		$(INSTALL) -D -m 0755 $(@D)/target/$(f) $(TARGET_DIR)/usr/bin/$(f)$(sep))
	$(INSTALL) -D -m 0644 $(@D)/target/rust-samples-lib.sh \
		$(TARGET_DIR)/usr/lib/rust-samples/lib.sh
	$(INSTALL) -D -m 0644 $(@D)/target/alarms \
		$(TARGET_DIR)/usr/share/rust-samples/alarms
	$(RUST_SAMPLES_INSTALL_KERNEL_CONFIG)
endef

# The kernel's build options that rust-samples-test expects facts from,
# as the kernel's .config has them (the boards have no /proc/config.gz):
# whether Rust code gets debug assertions, which decides whether
# rust_printing's pr_debug! prints. The build stops if the kernel's
# .config does not say.
define RUST_SAMPLES_INSTALL_KERNEL_CONFIG
	grep -E '^(CONFIG_RUST_DEBUG_ASSERTIONS=y|# CONFIG_RUST_DEBUG_ASSERTIONS is not set)$$' \
		$(LINUX_DIR)/.config >$(TARGET_DIR)/usr/share/rust-samples/kernel-config
endef

define RUST_SAMPLES_INSTALL_INIT_SYSV
	$(INSTALL) -D -m 0755 $(@D)/target/S90rust-samples \
		$(TARGET_DIR)/etc/init.d/S90rust-samples
endef

$(eval $(kernel-module))
$(eval $(generic-package))
