################################################################################
#
# br2-external's stand-in for Buildroot's package infrastructure
#
################################################################################

# ../../br2-external reads the tree's makefiles through this file, the way
# Buildroot's package infrastructure would, for the parts it uses: the
# defconfig (DEFCONFIG_FILE), linux/linux-ext-*.mk, one package's .mk
# (PKG, PKG_UPPER). Not a Buildroot file: Buildroot never reads it.
Q = @
SED = sed -i -e
SHARP_SIGN := \#
define sep


endef
qstrip = $(strip $(subst ",,$(1)))
KCONFIG_DOT_CONFIG = $(strip $(if $(strip $(1)),$(1),$(LINUX_DIR)/.config))
define KCONFIG_MUNGE_DOT_CONFIG
	$(SED) '/^\(# \)\?$(strip $(1))\>/d' $(call KCONFIG_DOT_CONFIG,$(3)) && \
	echo '$(strip $(2))' >> $(call KCONFIG_DOT_CONFIG,$(3))
endef
define KCONFIG_ENABLE_OPT
	$(Q)if ! grep -q '^$(strip $(1))=[my]' $(call KCONFIG_DOT_CONFIG,$(2)); then \
		$(call KCONFIG_MUNGE_DOT_CONFIG, $(1), $(1)=y, $(2)); \
	fi
endef
KCONFIG_SET_OPT = $(Q)$(call KCONFIG_MUNGE_DOT_CONFIG, $(1), $(1)=$(2), $(3))
KCONFIG_DISABLE_OPT = $(Q)$(call KCONFIG_MUNGE_DOT_CONFIG, $(1), $(SHARP_SIGN) $(1) is not set, $(2))

ifneq ($(DEFCONFIG_FILE),)
include $(DEFCONFIG_FILE)
endif

# linux/linux.mk, the parts we use (no CROSS_COMPILE: LLVM=1).
LINUX_MAKE_FLAGS = ARCH=$(KERNEL_ARCH) INSTALL_MOD_PATH=$(TARGET_DIR) \
	WERROR=0 DEPMOD=/sbin/depmod INSTALL_MOD_STRIP=1
include $(sort $(wildcard $(BR2_EXTERNAL_RUST_FOR_LINUX_PATH)/linux/linux-ext-*.mk))

# One package: the variables, kernel-module and generic-package.
pkgdir = $(dir $(lastword $(MAKEFILE_LIST)))
kernel-module =
generic-package =
ifneq ($(PKG),)
include $(BR2_EXTERNAL_RUST_FOR_LINUX_PATH)/package/$(PKG)/$(PKG).mk
$(PKG_UPPER)_PKGDIR = $(BR2_EXTERNAL_RUST_FOR_LINUX_PATH)/package/$(PKG)/
$(PKG_UPPER)_MODULE_SUBDIRS ?= .
$(PKG_UPPER)_LINUX_CONFIG_FIXUPS += \
	$(sep)$(call KCONFIG_DISABLE_OPT,CONFIG_TRIM_UNUSED_KSYMS)
endif

print-%:
	@printf '%s\n' $($*)

# linux.mk's LINUX_KCONFIG_FIXUP_CMDS, the parts that apply here.
linux-fixups:
	$(call KCONFIG_ENABLE_OPT,CONFIG_MODULES)
	$(if $(BR2_arm),$(call KCONFIG_ENABLE_OPT,CONFIG_AEABI))
	$(call KCONFIG_ENABLE_OPT,CONFIG_DEVTMPFS)
	$(call KCONFIG_ENABLE_OPT,CONFIG_DEVTMPFS_MOUNT)
	$(call KCONFIG_DISABLE_OPT,CONFIG_GCC_PLUGINS)

pkg-linux-fixups:
	$($(PKG_UPPER)_LINUX_CONFIG_FIXUPS)

# $(@D) is the package build directory, as in Buildroot's hooks.
$(PKG_BUILD_DIR)/.br2-external-install-hooks:
	$(foreach h,$($(PKG_UPPER)_POST_INSTALL_TARGET_HOOKS),$(call $(h))$(sep))

linux-check-tools:
	$(foreach h,$(LINUX_POST_PATCH_HOOKS),$(call $(h))$(sep))
